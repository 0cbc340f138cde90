import { PAY_PASSWORD_LENGTH } from '@reef/contract';
import { digitsOnly } from '../../lib/pay-password-input';
import { Field } from './field';

interface PayPasswordFieldProps {
  /** The input's id (the label points at it). */
  id: string;
  label: string;
  value: string;
  onChange: (password: string) => void;
  testId: string;
  /** `off` where the password confirms a payment; the settings form names the old and the new one for password managers. */
  autoComplete?: string;
  /** The id of the refusal shown under the field, while there is one: the input is then marked invalid. */
  errorId?: string;
}

/** The six-digit transaction password (set in the settings, asked last by a transfer or withdrawal): digits only, at most six. */
export function PayPasswordField({ id, label, value, onChange, testId, autoComplete = 'off', errorId }: PayPasswordFieldProps) {
  return (
    <Field label={label} htmlFor={id}>
      <input
        id={id}
        className="field__input"
        type="password"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={PAY_PASSWORD_LENGTH}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(digitsOnly(event.target.value))}
        aria-invalid={errorId !== undefined || undefined}
        aria-describedby={errorId}
        data-testid={testId}
      />
    </Field>
  );
}
