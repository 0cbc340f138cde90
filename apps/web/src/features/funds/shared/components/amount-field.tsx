import { useId } from 'react';

/**
 * The amount input every funds form shares: a label, a decimal keyboard, and the asset's symbol as a
 * suffix. The value stays the string the user typed; the forms' models parse it exactly.
 */
export function AmountField({
  id: givenId,
  label,
  value,
  onChange,
  placeholder,
  suffix,
  testId,
}: {
  /** Only for a form that points at the input from elsewhere; otherwise the field names itself. */
  id?: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  suffix: string;
  testId: string;
}) {
  const ownId = useId();
  const id = givenId ?? ownId;
  return (
    <label className="field" htmlFor={id}>
      <span className="field__label">{label}</span>
      <span className="field__with-suffix">
        <input
          id={id}
          className="field__input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
          inputMode="decimal"
          autoComplete="off"
          data-testid={testId}
        />
        <span className="field__suffix">{suffix}</span>
      </span>
    </label>
  );
}
