import { useMemo } from 'react';
import { useTranslation } from '../../../i18n';
import { Link } from 'react-router-dom';
import type { ArticleKind } from '@reef/contract';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadMore } from '../../../components/ui/paged-list';
import { EmptyListState } from '../../../components/ui/empty-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { Tabs } from '../../../components/ui/tabs';
import { uniqueRows } from '../../../lib/paged-list';
import { HOME_PATH } from '../../../lib/pages';
import { useArticles } from '../api/list-articles';
import { articleHref } from '../model/article-kind';
import './content.css';

const TABS: { kind: ArticleKind | undefined; key: 'all' | ArticleKind }[] = [
  { kind: undefined, key: 'all' },
  { kind: 'announcement', key: 'announcement' },
  { kind: 'article', key: 'article' },
  { kind: 'faq', key: 'faq' },
];

/** article/index body: kind tabs and the list, 20 a page. `onKind` keeps the tab in the URL. */
export function ArticleList({ kind, onKind }: { kind: ArticleKind | undefined; onKind: (kind: ArticleKind | undefined) => void }) {
  const { t } = useTranslation();
  const articles = useArticles(kind);
  const rows = useMemo(() => uniqueRows(articles.data?.pages), [articles.data]);

  return (
    <>
      <Tabs
        label={t('content.kindsLabel')}
        tabs={TABS.map((tab) => ({ id: tab.kind, label: t(`content.tabs.${tab.key}`), testId: `article-tab-${tab.key}` }))}
        selected={kind}
        onSelect={onKind}
      />
      {articles.isError && rows.length === 0 ? (
        <ErrorState onRetry={articles.refetch} />
      ) : articles.isPending ? (
        <LoadingState />
      ) : rows.length === 0 ? (
        <EmptyListState strings="content.emptyState" to={HOME_PATH} testId="articles-empty" />
      ) : (
        <>
          <ul className="article-list">
            {rows.map((row) => (
              <li key={row.id}>
                <Link to={articleHref(row.id)} className="card article-card" data-testid="article-row">
                  <span className={`article-card__kind article-card__kind--${row.kind}`}>{t(`content.kinds.${row.kind}`)}</span>
                  <strong className="article-card__title">{row.title}</strong>
                  <span className="article-card__summary">{row.summary}</span>
                  <time className="article-card__date" dateTime={row.published}>
                    {row.published}
                  </time>
                </Link>
              </li>
            ))}
          </ul>
          <LoadMore query={articles} testId="articles-load-more" />
        </>
      )}
    </>
  );
}
