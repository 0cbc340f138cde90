import { useTranslation } from '../../../i18n';
import { toastError } from '../../../lib/api-client';
import { useGuardedSubmit } from '../../../lib/submit-guard';
import { showToast } from '../../../lib/toast';
import { useSetAutoSell } from '../api/set-auto-sell';

/** Auto-sell on or off for one card: listed by itself at the first session it may be sold in. */
export function AutoSellSwitch({ cardId, on, label, testId }: { cardId: number; on: boolean; label: string; testId: string }) {
  const { t } = useTranslation();
  const set = useSetAutoSell();
  const toggle = useGuardedSubmit(async () => {
    try {
      const result = await set.mutateAsync({ cardId, auto: !on });
      showToast(t(result.auto_sell ? 'cards.autoSell.on' : 'cards.autoSell.off'));
    } catch (error) {
      toastError(error);
    }
  });
  return (
    <div className="switch-row">
      <span id={`${testId}-label`}>{label}</span>
      <button
        type="button"
        role="switch"
        className="switch hit-area"
        aria-checked={on}
        aria-labelledby={`${testId}-label`}
        disabled={set.isPending}
        onClick={toggle}
        data-testid={testId}
      />
    </div>
  );
}
