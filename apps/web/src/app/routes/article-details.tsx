import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Fish } from '../../components/ui/art/fish';
import { BackButton } from '../../components/ui/nav-bar';
import { ArticleView, parseArticleId } from '../../features/content';

/** pages/article/details?id=<slug> — one article. Public: the AI assistant links here. */
export default function ArticleDetailsRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = parseArticleId(search.get('id'));
  return (
    <div className="page">
      <header className="page-head">
        <BackButton />
        <h1 className="page-head__title">{t('titles.article/details')}</h1>
        <Fish className="page-head__fish" body="#5ef0e2" fin="#ff7a66" />
      </header>
      <div className="page__body">
        <ArticleView key={id ?? ''} id={id} />
      </div>
    </div>
  );
}
