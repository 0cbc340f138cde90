import { useTranslation } from '../../../../i18n';
import type { BillLine } from '@reef/contract';
import { ErrorState } from '../../../../components/ui/error-state';
import { EmptyState } from '../../../../components/ui/empty-state';
import { LoadingState } from '../../../../components/ui/loading-state';
import type { useBills } from '../api/get-bills';
import { BillRow } from './bill-row';
import { LoadMore } from '../../../../components/ui/paged-list';

interface BillLogProps {
  bills: ReturnType<typeof useBills>;
  /** Every loaded page's lines, each once. */
  lines: readonly BillLine[];
  symbolOf: (line: BillLine) => string;
  dateFormat: Intl.DateTimeFormat;
  testIds: { list?: string; empty?: string; loadMore: string };
}

/**
 * A fund log (pages/property/propDetails, pages/index/details): retry when the first page fails (a later
 * failure keeps the lines shown), a spinner until it arrives, the empty reef, then the lines and "load more".
 */
export function BillLog({ bills, lines, symbolOf, dateFormat, testIds }: BillLogProps) {
  const { t } = useTranslation();
  if (bills.isError && lines.length === 0) {
    return <ErrorState onRetry={() => bills.refetch()} />;
  }
  if (bills.isPending) return <LoadingState />;
  if (lines.length === 0) return <EmptyState text={t('bills.empty')} testId={testIds.empty} />;
  return (
    <>
      <ul className="card bill-list" data-testid={testIds.list}>
        {lines.map((line) => (
          <BillRow key={line.id} line={line} symbol={symbolOf(line)} dateFormat={dateFormat} />
        ))}
      </ul>
      <LoadMore query={bills} testId={testIds.loadMore} />
    </>
  );
}
