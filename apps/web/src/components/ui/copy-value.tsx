import { useTranslation } from '../../i18n';
import { showToast } from '../../lib/toast';
import { Icon } from './icon';
import './copy-value.css';

function CopyIcon() {
  return (
    <Icon size={16}>
      <rect x="9" y="9" width="11" height="11" rx="2" />
      <path d="M5 15V6a2 2 0 0 1 2-2h9" />
    </Icon>
  );
}

/**
 * A value people copy rather than read whole (a wallet address, an order number): kept on one line — shortened or
 * cut with an ellipsis, never broken mid-value — with the full value in its title and a copy button beside it whose
 * label names what it copies (`what`). The button is an icon with a 44 px hit area (`.chip-button`), so a narrow row still fits.
 */
export function CopyValue({ value, display = value, what, testId }: { value: string; display?: string; what: string; testId?: string }) {
  const { t } = useTranslation();
  const label = t('paste.copyWhat', { what });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      showToast(t('paste.copied'));
    } catch {
      showToast(t('errors.notSupported'));
    }
  };
  return (
    <span className="copy-value">
      <span className="copy-value__text" title={value} data-testid={testId}>
        {display}
      </span>
      <button
        type="button"
        className="chip-button copy-value__button"
        aria-label={label}
        title={label}
        onClick={() => void copy()}
        data-testid={testId && `${testId}-copy`}
      >
        <CopyIcon />
      </button>
    </span>
  );
}
