import type { ReactNode } from 'react';
import { cx } from './class-names';

export interface Tab<T> {
  id: T;
  label: ReactNode;
  testId?: string;
}

interface TabsProps<T> {
  /** What the tabs choose between, for screen readers. */
  label: string;
  tabs: readonly Tab<T>[];
  selected: T;
  onSelect: (id: T) => void;
  /** A modifier of the row (`tabs--even`, `tabs--pair`) or the feature's own class. */
  className?: string;
  testId?: string;
}

/** A row of pill tabs; the caller keeps the choice (often in the URL) and renders the panel. */
export function Tabs<T>({ label, tabs, selected, onSelect, className, testId }: TabsProps<T>) {
  return (
    <div className={cx('tabs', className)} role="tablist" aria-label={label} data-testid={testId}>
      {tabs.map((tab) => (
        <button
          key={String(tab.id)}
          type="button"
          role="tab"
          className="tabs__tab"
          aria-selected={tab.id === selected}
          onClick={() => onSelect(tab.id)}
          data-testid={tab.testId}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
