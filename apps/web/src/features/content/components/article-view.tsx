import { useEffect } from 'react';
import { useTranslation } from '../../../i18n';
import { Link } from 'react-router-dom';
import { Markdown } from '../../../components/ui/markdown';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { ApiError } from '../../../lib/api-client';
import { pagePath } from '../../../lib/pages';
import { useArticle } from '../api/get-article';
import { markAnnouncementRead } from '../model/announcement-read';
import './content.css';

/** article/details body: the article's Markdown, rendered without raw HTML. */
export function ArticleView({ id }: { id: string | null }) {
  const { t } = useTranslation();
  const article = useArticle(id);
  const opened = article.data?.kind === 'announcement' ? article.data.id : null;
  useEffect(() => {
    if (opened !== null) markAnnouncementRead(opened);
  }, [opened]);
  const missing = id === null || (article.error instanceof ApiError && article.error.code === 'NOT_FOUND');

  if (missing) {
    return (
      <EmptyState text={t('content.notFound')} testId="article-missing">
        <Link to={pagePath('article/index')} className="text-link">
          {t('content.allArticles')}
        </Link>
      </EmptyState>
    );
  }
  if (article.isError) {
    return <ErrorState onRetry={article.refetch} />;
  }
  if (article.isPending) {
    return <LoadingState />;
  }
  const data = article.data;
  return (
    <article className="card article" data-testid="article-view">
      <span className={`article-card__kind article-card__kind--${data.kind}`}>{t(`content.kinds.${data.kind}`)}</span>
      <h2 className="article__title" data-testid="article-title">
        {data.title}
      </h2>
      <time className="article-card__date" dateTime={data.published}>
        {t('content.published', { date: data.published })}
      </time>
      <Markdown className="article__body" images="uploads">
        {data.body}
      </Markdown>
    </article>
  );
}
