import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Markdown } from '../../../components/ui/markdown';
import { Spinner } from '../../../components/ui/spinner';
import { FishSchool } from '../../../components/ui/status-screen';
import { ApiError } from '../../../lib/api-client';
import { pagePath } from '../../../lib/pages';
import { useArticle } from '../api/get-article';
import './content.css';

/** article/details body: the article's Markdown, rendered without raw HTML. */
export function ArticleView({ id }: { id: string | null }) {
  const { t } = useTranslation();
  const article = useArticle(id);
  const missing = id === null || (article.error instanceof ApiError && article.error.code === 'NOT_FOUND');

  if (missing) {
    return (
      <div className="empty-state" data-testid="article-missing">
        <FishSchool />
        <p>{t('content.notFound')}</p>
        <Link to={pagePath('article/index')} className="text-link">
          {t('content.allArticles')}
        </Link>
      </div>
    );
  }
  if (article.isError) {
    return (
      <div className="card inline-error">
        <p>{t('errors.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void article.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (article.isPending) {
    return (
      <div className="list-loading">
        <Spinner size="large" />
        <span className="sr-only">{t('common.loading')}</span>
      </div>
    );
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
      <Markdown className="article__body">{data.body}</Markdown>
    </article>
  );
}
