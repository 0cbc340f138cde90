import { useTranslation } from 'react-i18next';
import type { BillLine } from '@reef/contract';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { FishSchool } from '../../../components/ui/status-screen';
import type { useBills } from '../api/get-bills';
import { BillRow } from './bill-row';
import { LoadMore } from './load-more';

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
    return (
      <div className="card inline-error">
        <p>{t('errors.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void bills.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (bills.isPending) {
    return (
      <div className="list-loading">
        <Spinner size="large" />
        <span className="sr-only">{t('common.loading')}</span>
      </div>
    );
  }
  if (lines.length === 0) {
    return (
      <div className="empty-state" data-testid={testIds.empty}>
        <FishSchool />
        <p>{t('bills.empty')}</p>
      </div>
    );
  }
  return (
    <>
      <ul className="card bill-list" data-testid={testIds.list}>
        {lines.map((line) => (
          <BillRow key={line.id} line={line} symbol={symbolOf(line)} dateFormat={dateFormat} />
        ))}
      </ul>
      <LoadMore hasNextPage={bills.hasNextPage} isFetchingNextPage={bills.isFetchingNextPage} fetchNextPage={bills.fetchNextPage} testId={testIds.loadMore} />
    </>
  );
}
