import { useId, type ReactNode } from 'react';
import { Field } from './field';

export interface InputFieldProps {
  /** Only for a form that points at the input from elsewhere; otherwise the field names itself. */
  id?: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  placeholder?: string;
  /** The unit after the input (an asset's symbol). */
  suffix?: ReactNode;
  inputMode?: 'decimal' | 'numeric' | 'text';
  autoComplete?: string;
  maxLength?: number;
  /** The form found the value wrong (it says why elsewhere, under `describedBy`). */
  invalid?: boolean;
  /** The id of the hint or warning that goes with the input. */
  describedBy?: string;
  /** An extra class on the field, for a form that lays its fields out itself. */
  className?: string;
}

/**
 * A labelled one-line text input; the value stays the string the user typed (the form's model parses it). The base
 * of AmountField and QuantityField, and of any other one-line field that needs no more than a label and a unit.
 */
export function InputField({ id: givenId, label, value, onChange, testId, suffix, invalid, describedBy, className, ...attributes }: InputFieldProps) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const input = (
    <input
      id={id}
      className="field__input"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      data-testid={testId}
      {...attributes}
    />
  );
  return (
    <Field label={label} htmlFor={id} className={className}>
      {suffix === undefined ? (
        input
      ) : (
        <span className="field__with-suffix">
          {input}
          <span className="field__suffix">{suffix}</span>
        </span>
      )}
    </Field>
  );
}
