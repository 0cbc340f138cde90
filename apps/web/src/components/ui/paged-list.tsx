import { Fragment, type ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import { Button } from './button';
import { ErrorState } from './error-state';
import { LoadingState } from './loading-state';

interface LoadMoreProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  testId: string;
}

/** The foot of a paged list: "load more" while the server has more, "no more records" after. */
export function LoadMore({ hasNextPage, isFetchingNextPage, fetchNextPage, testId }: LoadMoreProps) {
  const { t } = useTranslation();
  return (
    <div className="list-footer">
      {hasNextPage ? (
        <Button
          variant="secondary"
          busy={isFetchingNextPage}
          onClick={() => {
            // A second tap while a page loads would ask for the same page again.
            if (!isFetchingNextPage) void fetchNextPage();
          }}
          data-testid={testId}
        >
          {t('common.loadMore')}
        </Button>
      ) : (
        <p className="muted" data-testid={`${testId}-end`}>
          {t('common.noMore')}
        </p>
      )}
    </div>
  );
}

interface PagedQuery {
  isError: boolean;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

interface PagedListProps<T extends { id: number }> {
  query: PagedQuery;
  /** The rows of every page loaded so far (undefined until the first page arrives). */
  list: readonly T[] | undefined;
  renderRow: (item: T) => ReactNode;
  testId: string;
}

/**
 * A paged list of records: retry when the first page fails (a later failure keeps the rows shown),
 * a spinner until it arrives, the empty state, then the rows and "load more".
 */
export function PagedList<T extends { id: number }>({ query, list, renderRow, testId }: PagedListProps<T>) {
  const { t } = useTranslation();
  if (query.isError && list === undefined) return <ErrorState className="inline-error" onRetry={query.refetch} />;
  if (list === undefined) return <LoadingState size="small" />;
  if (list.length === 0) return <p className="empty-state">{t('common.empty')}</p>;
  return (
    <>
      <ul className="bill-list">
        {list.map((item) => (
          <Fragment key={item.id}>{renderRow(item)}</Fragment>
        ))}
      </ul>
      <LoadMore hasNextPage={query.hasNextPage} isFetchingNextPage={query.isFetchingNextPage} fetchNextPage={query.fetchNextPage} testId={testId} />
    </>
  );
}
