import type { ReactNode } from 'react';
import { cx } from './class-names';

interface PriceFigureProps {
  /** The figure as shown; undefined until it is known (a skeleton stands in). */
  value: ReactNode | undefined;
  unit: ReactNode;
  /** The head figure of a page (a total, a balance, the price). */
  large?: boolean;
  /** Tabular digits, for a figure that changes in place. */
  tabular?: boolean;
  testId: string;
}

/** A figure and its unit: a price, a balance, a total. */
export function PriceFigure({ value, unit, large = false, tabular = false, testId }: PriceFigureProps) {
  if (value === undefined) return <span className="skeleton coin-stats__skeleton" />;
  return (
    <p className={cx('price-figure', large && 'price-figure--large')}>
      <span className={cx('price-figure__value', tabular && 'figure')} data-testid={testId}>
        {value}
      </span>
      <span className="price-figure__unit">{unit}</span>
    </p>
  );
}
