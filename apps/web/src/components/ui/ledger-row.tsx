import type { ReactNode } from 'react';
import { formatGroupedAmount } from '../../lib/amount-format';

interface LedgerRowProps {
  kind: string;
  createdAt: string;
  memo?: string | null;
  /** The signed amount as the API sends it; a positive one is shown with its plus sign. */
  amount: string;
  symbol: string;
  dateFormat: Intl.DateTimeFormat;
  testId: string;
  amountTestId?: string;
  /** What a log adds under the amount (the fund log shows the balance after the line). */
  after?: ReactNode;
}

/** One line of a money log (the fund log, the income log): both read the same, so they render the same markup. */
export function LedgerRow({ kind, createdAt, memo, amount, symbol, dateFormat, testId, amountTestId, after }: LedgerRowProps) {
  const shown = formatGroupedAmount(amount);
  const negative = shown.startsWith('-');
  return (
    <li className="bill" data-testid={testId}>
      <div className="bill__main">
        <span className="bill__kind">{kind}</span>
        <time className="bill__time" dateTime={createdAt}>
          {dateFormat.format(new Date(createdAt))}
        </time>
        {memo && <span className="bill__memo">{memo}</span>}
      </div>
      <div className="bill__side">
        <span className={`bill__amount ${negative ? 'is-negative' : 'is-positive'}`} data-testid={amountTestId}>
          {negative ? shown : `+${shown}`} <small>{symbol}</small>
        </span>
        {after}
      </div>
    </li>
  );
}
