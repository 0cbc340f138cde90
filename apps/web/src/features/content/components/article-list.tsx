import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ArticleKind, ArticleSummary } from '@reef/contract';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { FishSchool } from '../../../components/ui/status-screen';
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
  const rows = useMemo(() => {
    const byId = new Map<string, ArticleSummary>();
    for (const page of articles.data?.pages ?? []) for (const row of page.list) if (!byId.has(row.id)) byId.set(row.id, row);
    return [...byId.values()];
  }, [articles.data]);

  return (
    <>
      <div className="tabs" role="tablist" aria-label={t('content.kindsLabel')}>
        {TABS.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={kind === tab.kind}
            onClick={() => onKind(tab.kind)}
            data-testid={`article-tab-${tab.key}`}
          >
            {t(`content.tabs.${tab.key}`)}
          </button>
        ))}
      </div>
      {articles.isError && rows.length === 0 ? (
        <div className="card inline-error">
          <p>{t('errors.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void articles.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : articles.isPending ? (
        <div className="list-loading">
          <Spinner size="large" />
          <span className="sr-only">{t('common.loading')}</span>
        </div>
      ) : rows.length === 0 ? (
        <div className="empty-state">
          <FishSchool />
          <p>{t('common.empty')}</p>
        </div>
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
          <div className="list-footer">
            {articles.hasNextPage ? (
              <Button
                variant="secondary"
                busy={articles.isFetchingNextPage}
                onClick={() => {
                  if (!articles.isFetchingNextPage) void articles.fetchNextPage();
                }}
              >
                {t('common.loadMore')}
              </Button>
            ) : (
              <p className="muted">{t('common.noMore')}</p>
            )}
          </div>
        </>
      )}
    </>
  );
}
