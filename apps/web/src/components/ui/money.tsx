import { formatGroupedAmount } from '../../lib/amount-format';

/** An amount with its symbol, on one line ("1,234.5000 RUSD"); without a symbol, the figure alone. */
export function Money({ value, symbol, testId }: { value: string; symbol?: string; testId?: string }) {
  const figure = formatGroupedAmount(value);
  return (
    <span className="figure" data-testid={testId}>
      {symbol === undefined ? figure : `${figure} ${symbol}`}
    </span>
  );
}
