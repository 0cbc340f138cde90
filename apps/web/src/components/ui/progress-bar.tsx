import type { ReactNode } from 'react';

interface ProgressBarProps {
  /** Whole percent, 0–100. */
  percent: number;
  /** What the bar measures, for screen readers. */
  label: string;
  testId: string;
  /** The figures under the bar ("Left 3 / 5"). */
  children: ReactNode;
}

/** A share of a whole as a bar with its figures under it: the starter cards' stock, a pledge product's cap. */
export function ProgressBar({ percent, label, testId, children }: ProgressBarProps) {
  return (
    <div className="progress" data-testid={testId}>
      <div className="progress__track" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <span className="progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="progress__text">{children}</span>
    </div>
  );
}
