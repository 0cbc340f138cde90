/**
 * Form pieces the configuration pages share beside `Field`: a select, a checkbox, and a time field in UTC (the
 * server's business clock is UTC, so the operator types UTC and the form sends an ISO instant; the browser's own
 * zone never enters).
 */
import type { InputHTMLAttributes } from 'react';

export function SelectField({
  label,
  name,
  values,
  value,
  show,
  testId,
}: {
  label: string;
  name: string;
  values: readonly (string | number)[];
  value?: string | number;
  show?: (v: string) => string;
  testId?: string;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <select name={name} defaultValue={value === undefined ? undefined : String(value)} data-testid={testId}>
        {values.map((v) => (
          <option key={v} value={String(v)}>
            {show ? show(String(v)) : String(v)}
          </option>
        ))}
      </select>
    </label>
  );
}

export function CheckField({ label, name, checked, value }: { label: string; name: string; checked?: boolean; value?: string }) {
  return (
    <label className="field field--check">
      <input type="checkbox" name={name} value={value} defaultChecked={checked} /> {label}
    </label>
  );
}

/** `2026-11-27T09:30:00.000Z` → `2026-11-27T09:30`, what a datetime-local input shows. */
export function utcInputValue(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 16) : '';
}

/** `2026-11-27T09:30:00.000Z` → `2026-11-27 09:30`: a list's time, in UTC like the forms. */
export function utcShort(iso: string): string {
  return iso.slice(0, 16).replace('T', ' ');
}

/** A datetime-local value read as UTC → an ISO instant; '' stays '' (the contract refuses it if required). */
export function utcInstant(value: string): string {
  return value ? new Date(`${value}:00Z`).toISOString() : '';
}

export function UtcTimeField({ label, name, value, ...input }: { label: string; name: string; value?: string | null } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="field">
      <span>{label}</span>
      <input type="datetime-local" name={name} defaultValue={utcInputValue(value)} {...input} />
    </label>
  );
}
