import { showToast } from '../../lib/toast';

interface PasteInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  testId: string;
  /** The button's label, and what the toast says when the clipboard cannot be read. */
  paste: { label: string; failed: string; testId: string };
  /** The row's and the button's classes: each form lays them out itself. */
  className: string;
  buttonClassName: string;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * An address (or uid) input with a Paste button: the clipboard's text, trimmed, goes in. Reading the clipboard needs
 * a permission some browsers never grant; then a toast says so and the field still takes a long-press paste.
 */
export function PasteInput({ id, value, onChange, placeholder, testId, paste, className, buttonClassName, invalid, describedBy }: PasteInputProps) {
  const fromClipboard = async () => {
    try {
      const text = (await navigator.clipboard.readText()).trim();
      if (text !== '') onChange(text);
    } catch {
      showToast(paste.failed);
    }
  };
  return (
    <span className={className}>
      <input
        id={id}
        className="field__input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        data-testid={testId}
      />
      <button type="button" className={buttonClassName} onClick={() => void fromClipboard()} data-testid={paste.testId}>
        {paste.label}
      </button>
    </span>
  );
}
