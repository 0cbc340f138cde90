import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Fish } from '../../components/ui/art/fish';
import { BackButton } from '../../components/ui/nav-bar';
import { ArticleList, parseArticleKind } from '../../features/content';

/** pages/article/index?kind=<kind> — announcements, help articles and FAQs. Public: no sign-in needed. */
export default function ArticleIndexRoute() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const kind = parseArticleKind(search.get('kind'));
  return (
    <div className="page">
      <header className="page-head">
        <BackButton />
        <h1 className="page-head__title">{t('titles.article/index')}</h1>
        <Fish className="page-head__fish" body="#ffd37a" fin="#2ee6d6" />
      </header>
      <div className="page__body">
        <ArticleList kind={kind} onKind={(next) => setSearch(next ? { kind: next } : {}, { replace: true })} />
      </div>
    </div>
  );
}
