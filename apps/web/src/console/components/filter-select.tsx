/**
 * A list's filter above its table: a labelled select of fixed values (a status, a state), "All" first (the value
 * '') unless the values carry their own. The pages keep the chosen value; the list's query takes it.
 */
import { useT } from '../i18n';

export function FilterSelect<V extends string>({
  label,
  value,
  onChange,
  values,
  show,
  all = true,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  values: readonly V[];
  /** A value's label (translated). */
  show: (value: V) => string;
  /** Offer "All" ('') before the values; off when the values hold their own `all`. */
  all?: boolean;
  testId?: string;
}) {
  const t = useT();
  return (
    <label>
      {label}{' '}
      <select value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        {all && <option value="">{t('common.all')}</option>}
        {values.map((v) => (
          <option key={v} value={v}>
            {show(v)}
          </option>
        ))}
      </select>
    </label>
  );
}
