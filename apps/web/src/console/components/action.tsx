/**
 * An operator action: a button that opens a form in a dialog, disabled (with the reason) when the operator's roles
 * may not call its endpoint. `confirm` adds the second confirmation money and role changes ask for: the dialog
 * repeats what will happen and waits for a second press.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Endpoint } from '@reef/contract';
import { useCan } from '../access';
import { ApiError } from '../api';
import { useT } from '../i18n';
import { showConsoleToast } from './toast';

interface ActionProps {
  label: string;
  endpoint: Pick<Endpoint, 'auth' | 'method' | 'roles'>;
  /** The form's fields; without them the action runs on the first confirmation. */
  fields?: ReactNode;
  /** What the second confirmation says will happen; set for money and role changes. */
  confirm?: (form: FormData) => string;
  run: (form: FormData) => Promise<unknown>;
  variant?: 'primary' | 'danger' | 'ghost';
  testId?: string;
  /** What the toast says once it went through; by default "<label>: done". */
  done?: string;
}

/** A write the policy held for a second administrator (HTTP 202): it was accepted, not refused. */
function isHeld(failure: unknown): failure is ApiError {
  return failure instanceof ApiError && failure.code === 'APPROVAL_PENDING';
}

/** An answer that says the write waits for a second administrator (an adjustment above the four-eyes amount). */
function isPendingAnswer(result: unknown): boolean {
  return typeof result === 'object' && result !== null && 'request_id' in result && (result as { status?: unknown }).status === 'pending';
}

export function Action({ label, endpoint, fields, confirm, run, variant = 'primary', testId, done }: ActionProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const allowed = useCan(endpoint);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState<FormData | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();

  const close = () => {
    setOpen(false);
    setPending(null);
    setError(null);
  };
  const execute = async (form: FormData) => {
    setBusy(true);
    setError(null);
    try {
      const result = await run(form);
      close();
      if (isPendingAnswer(result)) showConsoleToast(t('common.held'), 'notice');
      else showConsoleToast(done ?? t('common.doneAction', { action: label }));
    } catch (failure) {
      if (isHeld(failure)) {
        // Sent for approval: the dialog's work is over, and the approvals queue has a new row to show.
        close();
        showConsoleToast(failure.message || t('common.held'), 'notice');
        void queryClient.invalidateQueries();
        return;
      }
      setError(failure instanceof Error ? failure.message : String(failure));
      setPending(null);
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (confirm) setPending(form);
    else void execute(form);
  };

  return (
    <>
      <button
        type="button"
        className={`btn btn--${variant}`}
        disabled={!allowed}
        title={allowed ? undefined : t('common.readOnly')}
        data-testid={testId}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      {open && (
        <div className="modal-layer" role="presentation">
          <div className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId}>
            <h2 id={titleId}>{pending ? t('confirm.title') : label}</h2>
            {pending && confirm ? (
              <>
                <p className="confirm-text">{confirm(pending)}</p>
                <div className="modal__buttons">
                  <button type="button" className="btn btn--ghost" onClick={() => setPending(null)}>
                    {t('common.cancel')}
                  </button>
                  <button type="button" className="btn btn--danger" disabled={busy} onClick={() => void execute(pending)}>
                    {t('common.confirm')}
                  </button>
                </div>
              </>
            ) : (
              <form onSubmit={submit}>
                {fields}
                {error && (
                  <p className="state state--failed" role="alert">
                    {error}
                  </p>
                )}
                <div className="modal__buttons">
                  <button type="button" className="btn btn--ghost" onClick={close}>
                    {t('common.cancel')}
                  </button>
                  <button type="submit" className={`btn btn--${variant}`} disabled={busy}>
                    {t('common.confirm')}
                  </button>
                </div>
              </form>
            )}
          </div>
        </div>
      )}
    </>
  );
}

export function Field({ label, name, ...input }: { label: string; name: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="field">
      <span>{label}</span>
      <input name={name} {...input} />
    </label>
  );
}

/** A whole number (days, a limit, a count) from `min` (1 unless given) to `max`; an optional one may stay empty. */
export function WholeField({
  label,
  name,
  min = 1,
  max,
  value,
  required,
}: {
  label: string;
  name: string;
  min?: number;
  max?: number;
  value?: number | null | undefined;
  required?: boolean;
}) {
  return <Field label={label} name={name} type="number" min={min} max={max} step={1} defaultValue={value ?? ''} required={required} />;
}

/** A choice among fixed values; `show` draws a value's label (translated), `blank` adds an empty first option. */
export function Select({
  label,
  name,
  values,
  value,
  show,
  blank,
  testId,
}: {
  label: string;
  name: string;
  values: readonly (string | number)[];
  value?: string | number | undefined;
  show?: (v: string) => string;
  /** The empty option's label: the field may be left unset (sent as null or left out). */
  blank?: string;
  testId?: string;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <select name={name} defaultValue={value !== undefined ? String(value) : blank === undefined ? undefined : ''} data-testid={testId}>
        {blank !== undefined && <option value="">{blank}</option>}
        {values.map((v) => (
          <option key={v} value={String(v)}>
            {show ? show(String(v)) : String(v)}
          </option>
        ))}
      </select>
    </label>
  );
}

export function TextArea({ label, name, ...area }: { label: string; name: string } & React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <label className="field">
      <span>{label}</span>
      <textarea name={name} {...area} />
    </label>
  );
}

/** A checkbox; `value` is what a checked box sends (several boxes of one name make a list, e.g. weekdays). */
export function Check({ label, name, checked, value }: { label: string; name: string; checked?: boolean | undefined; value?: string }) {
  return (
    <label className="field field--check">
      <input type="checkbox" name={name} value={value} defaultChecked={checked} /> {label}
    </label>
  );
}

/** A form's text field, trimmed; '' when absent. */
export function formText(form: FormData, name: string): string {
  return String(form.get(name) ?? '').trim();
}
