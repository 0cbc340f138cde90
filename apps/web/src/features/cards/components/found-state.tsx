import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';

interface FoundStateProps {
  /** 0 when the page's query named no valid id. */
  id: number;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  testId: string;
  children: ReactNode;
}

/**
 * One record's page: "not found" for a missing id or one the server does not show the caller (someone else's card
 * is NOT_FOUND, exactly as one that does not exist), otherwise the query's loading / failed states around it.
 */
export function FoundState({ id, query, testId, children }: FoundStateProps) {
  const { t } = useTranslation();
  const notFound = id === 0 || (query.error instanceof ApiError && query.error.code === 'NOT_FOUND');
  if (notFound) return <EmptyState className="card empty-state" text={t('cards.notFound')} testId={`${testId}-not-found`} />;
  return <QueryState query={query}>{children}</QueryState>;
}
