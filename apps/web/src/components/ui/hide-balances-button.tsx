import { useTranslation } from '../../i18n';
import { setBalancesHidden, useBalancesHidden } from '../../lib/hidden-balances';
import { EyeIcon, EyeOffIcon } from './art/icons';

/** The eye beside a total: hides or shows every balance on the device (remembered across reloads). */
export function HideBalancesButton() {
  const { t } = useTranslation();
  const hidden = useBalancesHidden();
  return (
    <button
      type="button"
      className="icon-button hide-balances"
      aria-pressed={hidden}
      aria-label={t('home.hideBalances')}
      onClick={() => setBalancesHidden(!hidden)}
      data-testid="hide-balances"
    >
      {hidden ? <EyeOffIcon /> : <EyeIcon />}
    </button>
  );
}
