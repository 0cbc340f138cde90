import { InputField } from '../../../components/ui/input-field';

interface LineFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  placeholder: string;
  /** The warning under the field when the text breaks the contract's rule; null while it does not. */
  problem: string | null;
  /** `<testId>-input` on the input, `<testId>-invalid` on the warning. */
  testId: string;
}

/** One line of free text a member keeps (a remark, a contact line), with the contract rule's warning under it. */
export function LineField({ label, value, onChange, maxLength, placeholder, problem, testId }: LineFieldProps) {
  return (
    <>
      <InputField
        label={label}
        value={value}
        onChange={onChange}
        maxLength={maxLength}
        placeholder={placeholder}
        invalid={problem !== null}
        testId={`${testId}-input`}
      />
      {problem !== null && (
        <p className="form-warning" role="alert" data-testid={`${testId}-invalid`}>
          {problem}
        </p>
      )}
    </>
  );
}
