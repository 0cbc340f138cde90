import { useSearchParams } from 'react-router-dom';
import { ArticleList, parseArticleKind } from '../../features/content';
import { PublicSubPage } from '../layouts/sub-page';

/** pages/article/index?kind=<kind> — announcements, help articles and FAQs. Public: no sign-in needed. */
export default function ArticleIndexRoute() {
  const [search, setSearch] = useSearchParams();
  const kind = parseArticleKind(search.get('kind'));
  return (
    <PublicSubPage page="article/index" fish={{ body: '#ffd37a', fin: '#2ee6d6' }}>
      <ArticleList kind={kind} onKind={(next) => setSearch(next ? { kind: next } : {}, { replace: true })} />
    </PublicSubPage>
  );
}
