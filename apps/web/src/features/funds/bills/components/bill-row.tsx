import { useTranslation } from 'react-i18next';
import { type BillLine } from '@reef/contract';
import { LedgerRow } from '../../../../components/ui/ledger-row';
import { formatGroupedAmount } from '../../../../lib/amount-format';

/**
 * One fund-log line: kind, time, memo, signed amount and the balance after it. It is the row of
 * the fund log (property/propDetails) and of an asset's page (index/details); the spec's
 * index/detailsTpl names this row template.
 */
export function BillRow({ line, symbol, dateFormat }: { line: BillLine; symbol: string; dateFormat: Intl.DateTimeFormat }) {
  const { t } = useTranslation();
  return (
    <LedgerRow
      kind={t(`bills.kinds.${line.kind}`)}
      createdAt={line.created_at}
      memo={line.memo}
      amount={line.amount}
      symbol={symbol}
      dateFormat={dateFormat}
      testId="bill-line"
      amountTestId="bill-amount"
      after={<span className="bill__balance">{t('bills.balanceAfter', { amount: formatGroupedAmount(line.balance_after) })}</span>}
    />
  );
}
