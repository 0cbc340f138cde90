import { useTranslation } from '../../../../i18n';
import { Button } from '../../../../components/ui/button';
import { showToast } from '../../../../lib/toast';

/** Copies a value (an address, a hash) and says so; a browser without clipboard access says that instead. */
export function CopyButton({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      showToast(t('property.chain.copied'));
    } catch {
      showToast(t('errors.notSupported'));
    }
  };
  return (
    <Button variant="secondary" onClick={() => void copy()} aria-label={label} data-testid={testId}>
      {t('property.chain.copy')}
    </Button>
  );
}
