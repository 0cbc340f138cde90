import { useTranslation } from '../../i18n';
import { showToast } from '../../lib/toast';

interface PasteInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  testId: string;
  pasteTestId: string;
  /** The row's and the button's classes: each form lays them out itself. */
  className: string;
  buttonClassName: string;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * An address (or uid) input with a Paste button: the clipboard's text, trimmed, goes in. Reading the clipboard needs
 * a permission some browsers never grant; then a toast says so and the field still takes a long-press paste. Every
 * such field says the same (`paste.*`).
 */
export function PasteInput({ id, value, onChange, placeholder, testId, pasteTestId, className, buttonClassName, invalid, describedBy }: PasteInputProps) {
  const { t } = useTranslation();
  const fromClipboard = async () => {
    try {
      const text = (await navigator.clipboard.readText()).trim();
      if (text !== '') onChange(text);
    } catch {
      showToast(t('paste.unavailable'));
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
      <button type="button" className={buttonClassName} onClick={() => void fromClipboard()} data-testid={pasteTestId}>
        {t('paste.label')}
      </button>
    </span>
  );
}
