import type { ReactNode } from 'react';
import { cx } from './class-names';

/** A labelled form control: the label text above the input, select or textarea given as children. */
export function Field({ label, htmlFor, className, children }: { label: ReactNode; htmlFor?: string; className?: string; children: ReactNode }) {
  return (
    <label className={cx('field', className)} htmlFor={htmlFor}>
      <span className="field__label">{label}</span>
      {children}
    </label>
  );
}
