import type { ReactNode } from 'react';

/** A labelled form control: the label text above the input, select or textarea given as children. */
export function Field({ label, htmlFor, children }: { label: ReactNode; htmlFor?: string; children: ReactNode }) {
  return (
    <label className="field" htmlFor={htmlFor}>
      <span className="field__label">{label}</span>
      {children}
    </label>
  );
}
