import { useTranslation } from '../../../../i18n';
import { type BillLine } from '@reef/contract';
import { LedgerRow } from '../../../../components/ui/ledger-row';
import { formatGroupedAmount } from '../../../../lib/amount-format';
import { useAssetSymbols } from '../../../../lib/use-asset-symbols';
import { describeBill, type BillDescriptionValues } from '../model/bill-description';

/**
 * One fund-log line: kind, time, what happened in words (never the raw memo, decision 042), signed amount and the
 * balance after it. It is the row of the fund log (property/propDetails) and of an asset's page (index/details);
 * the spec's index/detailsTpl names this row template.
 */
export function BillRow({ line, symbol, dateFormat }: { line: BillLine; symbol: string; dateFormat: Intl.DateTimeFormat }) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const description = describeBill(line, (asset) => symbols[asset]);
  // The typed t() wants, for a union of keys, the values every one of them interpolates; each sentence uses only
  // its own (bill-description.test.ts checks each key gets what it needs), so the key is widened to a string here.
  const translate = t as unknown as (key: string, values: BillDescriptionValues) => string;
  return (
    <LedgerRow
      kind={t(`bills.kinds.${line.kind}`)}
      createdAt={line.created_at}
      memo={translate(`bills.descriptions.${description.key}`, description.values)}
      amount={line.amount}
      symbol={symbol}
      dateFormat={dateFormat}
      testId="bill-line"
      amountTestId="bill-amount"
      after={<span className="bill__balance">{t('bills.balanceAfter', { amount: formatGroupedAmount(line.balance_after) })}</span>}
    />
  );
}
