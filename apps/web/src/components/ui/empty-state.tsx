import type { ReactNode } from 'react';
import { FishSchool } from './status-screen';

interface EmptyStateProps {
  text: string;
  testId?: string;
  /** Replaces the default look, e.g. a chart's frame that keeps its height. */
  className?: string;
  /** A way on, under the text (a link to the full list). */
  children?: ReactNode;
}

/** A school of fish and one line: a list or a page with nothing to show yet. */
export function EmptyState({ text, testId, className = 'empty-state', children }: EmptyStateProps) {
  return (
    <div className={className} data-testid={testId}>
      <FishSchool />
      <p>{text}</p>
      {children}
    </div>
  );
}
