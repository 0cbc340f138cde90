import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import { LoadingState } from './loading-state';

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** A query's loading / failed / empty states, shared by every list that loads once. */
export function QueryState({
  query,
  empty = false,
  emptyText = '',
  emptyTestId,
  children,
}: {
  query: QueryLike;
  empty?: boolean;
  emptyText?: string;
  emptyTestId?: string;
  children: ReactNode;
}) {
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState onRetry={query.refetch} />;
  if (empty) return <EmptyState text={emptyText} testId={emptyTestId} />;
  return <>{children}</>;
}
