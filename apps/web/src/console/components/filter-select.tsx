/**
 * A list's filter above its table: a labelled select of fixed values (a status, a state), "All" first (the value
 * '') unless the values carry their own. The pages keep the chosen value; the list's query takes it.
 */
import { useT, type ConsoleKey } from '../i18n';

export function FilterSelect<V extends string>({
  label,
  value,
  onChange,
  values,
  show,
  all = true,
  testId,
}: {
  /** The filter's name; a status by default. */
  label?: string;
  value: string;
  onChange: (value: string) => void;
  values: readonly V[];
  /** A value's label (translated); `status.<value>` by default. */
  show?: (value: V) => string;
  /** Offer "All" ('') before the values; off when the values hold their own `all`. */
  all?: boolean;
  testId?: string;
}) {
  const t = useT();
  const name = (v: V) => (show ? show(v) : t(`status.${v}` as ConsoleKey));
  return (
    <label>
      {label ?? t('common.status')}{' '}
      <select value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        {all && <option value="">{t('common.all')}</option>}
        {values.map((v) => (
          <option key={v} value={v}>
            {name(v)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A review queue's status as a bare select (its table names it), each value shown as `status.<value>`. */
export function StatusSelect<V extends string>({ value, onChange, values }: { value: V; onChange: (value: V) => void; values: readonly V[] }) {
  const t = useT();
  return (
    <select aria-label={t('common.status')} value={value} onChange={(e) => onChange(e.target.value as V)}>
      {values.map((s) => (
        <option key={s} value={s}>
          {t(`status.${s}` as ConsoleKey)}
        </option>
      ))}
    </select>
  );
}
