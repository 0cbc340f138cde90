import { InputField, type InputFieldProps } from './input-field';

/** A whole number (how many to buy, a uid): a digits keyboard on phones; the form parses and bounds the string typed. */
export function QuantityField(props: Omit<InputFieldProps, 'inputMode'>) {
  return <InputField inputMode="numeric" autoComplete="off" {...props} />;
}
