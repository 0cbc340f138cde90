import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './class-names';

export interface FeeRow {
  label: ReactNode;
  value: ReactNode;
  testId?: string;
  /** A class on the value: `figure` for a bare number, `is-warning`, or a page's own. */
  className?: string;
}

interface FeeBoxProps extends Omit<HTMLAttributes<HTMLDListElement>, 'children'> {
  /** A row left out (false, null or undefined) is not drawn: `cond && {label, value}`. */
  rows: readonly (FeeRow | false | null | undefined)[];
  busy?: boolean;
  testId?: string;
}

/**
 * The label/value box under a money form or a product (what you receive, the rate, the fee, the figures of an
 * order); `busy` while its quote refreshes. Every such box is this one, so they read and style alike.
 */
export function FeeBox({ rows, busy = false, testId, className, ...attributes }: FeeBoxProps) {
  return (
    <dl className={cx('fee-box', className)} aria-busy={busy || undefined} data-testid={testId} {...attributes}>
      {rows
        .filter((row): row is FeeRow => Boolean(row))
        .map((row, i) => (
          <div key={i}>
            <dt>{row.label}</dt>
            <dd className={row.className} data-testid={row.testId}>
              {row.value}
            </dd>
          </div>
        ))}
    </dl>
  );
}
