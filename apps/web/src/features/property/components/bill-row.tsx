import { useTranslation } from 'react-i18next';
import { formatAmount, type BillLine } from '@reef/contract';

/**
 * One fund-log line: kind, time, memo, signed amount and the balance after it. It is the row of
 * the fund log (property/propDetails) and of an asset's page (index/details); the spec's
 * index/detailsTpl names this row template.
 */
export function BillRow({ line, symbol, dateFormat }: { line: BillLine; symbol: string; dateFormat: Intl.DateTimeFormat }) {
  const { t } = useTranslation();
  const amount = formatAmount(line.amount);
  const negative = amount.startsWith('-');
  return (
    <li className="bill" data-testid="bill-line">
      <div className="bill__main">
        <span className="bill__kind">{t(`bills.kinds.${line.kind}`)}</span>
        <time className="bill__time" dateTime={line.created_at}>
          {dateFormat.format(new Date(line.created_at))}
        </time>
        {line.memo && <span className="bill__memo">{line.memo}</span>}
      </div>
      <div className="bill__side">
        <span className={`bill__amount ${negative ? 'is-negative' : 'is-positive'}`} data-testid="bill-amount">
          {negative ? amount : `+${amount}`} <small>{symbol}</small>
        </span>
        <span className="bill__balance">{t('bills.balanceAfter', { amount: formatAmount(line.balance_after) })}</span>
      </div>
    </li>
  );
}
