import type { ReactNode } from 'react';

export interface FeeRow {
  label: ReactNode;
  value: ReactNode;
  testId?: string;
}

/** The label/value box under a money form or a product (what you receive, the rate, the fee); `busy` while its quote refreshes. */
export function FeeBox({ rows, busy = false }: { rows: FeeRow[]; busy?: boolean }) {
  return (
    <dl className="fee-box" aria-busy={busy || undefined}>
      {rows.map((row, i) => (
        <div key={i}>
          <dt>{row.label}</dt>
          <dd data-testid={row.testId}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
