interface TransactionPasswordFieldProps {
  /** The input's id (the label points at it). */
  id: string;
  label: string;
  value: string;
  onChange: (password: string) => void;
  /** The id of the refusal shown under the field, while there is one: the input is then marked invalid. */
  errorId?: string;
  testId: string;
}

/**
 * The six-digit transaction password a transfer or withdrawal asks for last: digits only, at most six, never
 * autofilled (it is not the sign-in).
 */
export function TransactionPasswordField({ id, label, value, onChange, errorId, testId }: TransactionPasswordFieldProps) {
  return (
    <label className="field" htmlFor={id}>
      <span className="field__label">{label}</span>
      <input
        id={id}
        className="field__input"
        type="password"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={6}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
        aria-invalid={errorId !== undefined || undefined}
        aria-describedby={errorId}
        data-testid={testId}
      />
    </label>
  );
}
