import { InputField, type InputFieldProps } from './input-field';

/**
 * An amount or a price: a decimal keyboard on phones and, in the money forms, the asset's symbol as a suffix. The
 * value stays the string the user typed; the forms' models parse it exactly.
 */
export function AmountField(props: Omit<InputFieldProps, 'inputMode'>) {
  return <InputField inputMode="decimal" autoComplete="off" {...props} />;
}
