import { useSearchParams } from 'react-router-dom';
import { ArticleView, parseArticleId } from '../../features/content';
import { PublicSubPage } from '../layouts/sub-page';

/** pages/article/details?id=<slug> — one article. Public: the AI assistant links here. */
export default function ArticleDetailsRoute() {
  const [search] = useSearchParams();
  const id = parseArticleId(search.get('id'));
  return (
    <PublicSubPage page="article/details" fish={{ body: '#5ef0e2', fin: '#ff7a66' }}>
      <ArticleView key={id ?? ''} id={id} />
    </PublicSubPage>
  );
}
