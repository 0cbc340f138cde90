import { Field } from '../../../components/ui/field';

interface PriceFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}

/** A price typed in RUSD (a decimal keypad on phones): the market filter's and the order's band, the split rule's amounts. */
export function PriceField({ id, label, value, onChange, testId }: PriceFieldProps) {
  return (
    <Field label={label} htmlFor={id}>
      <input id={id} className="field__input" inputMode="decimal" value={value} onChange={(event) => onChange(event.target.value)} data-testid={testId} />
    </Field>
  );
}
