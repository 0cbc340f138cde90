/**
 * Times in the configuration forms are UTC: the server's business clock is UTC, so the operator types UTC and the
 * form sends an ISO instant; the browser's own zone never enters (decision 089).
 */
import type { InputHTMLAttributes } from 'react';

/** `2026-11-27T09:30:00.000Z` → `2026-11-27T09:30`, what a datetime-local input shows. */
export function utcInputValue(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 16) : '';
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
