import { Fragment, type ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import { Button } from './button';
import { ErrorState } from './error-state';
import { LoadingState } from './loading-state';
import { uniqueRows, type Page } from '../../lib/paged-list';

interface NextPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** The foot of a paged list (`query`: its infinite query): "load more" while the server has more, "no more records" after. */
export function LoadMore({ query, testId }: { query: NextPages; testId: string }) {
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
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

interface PagedQuery extends NextPages {
  isError: boolean;
  refetch: () => unknown;
  data?: { pages: readonly Page<unknown>[] } | undefined;
}

interface PagedListProps<T extends { id: number }> {
  query: PagedQuery;
  /** The rows of every page loaded so far (undefined until the first page arrives); by default the query's, each once. */
  list?: readonly T[] | undefined;
  renderRow: (item: T) => ReactNode;
  /** What the page shows with no rows: an `EmptyState` saying what the list is for and the next step (required). */
  empty: ReactNode;
  testId: string;
}

/**
 * A paged list of records: retry when the first page fails (a later failure keeps the rows shown),
 * a spinner until it arrives, the empty state, then the rows and "load more".
 */
export function PagedList<T extends { id: number }>({ query, list: given, renderRow, empty, testId }: PagedListProps<T>) {
  const list = given ?? (query.data === undefined ? undefined : uniqueRows(query.data.pages as readonly Page<T>[]));
  if (query.isError && list === undefined) return <ErrorState className="inline-error" onRetry={query.refetch} />;
  if (list === undefined) return <LoadingState size="small" />;
  if (list.length === 0) return <>{empty}</>;
  return (
    <>
      <ul className="bill-list">
        {list.map((item) => (
          <Fragment key={item.id}>{renderRow(item)}</Fragment>
        ))}
      </ul>
      <LoadMore query={query} testId={testId} />
    </>
  );
}
