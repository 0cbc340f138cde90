import { useTranslation } from '../../../i18n';
import { formatPercentChange } from '../../../lib/amount-format';
import './market.css';

/** The 24 h change as a signed, coloured chip; a dash while there is no price a day back. */
export function ChangeChip({ change, testId }: { change: string | null; testId?: string }) {
  const { t } = useTranslation();
  const shown = change === null ? { text: '—', trend: 'flat' as const } : formatPercentChange(change);
  return (
    <span className={`change-chip change-chip--${shown.trend}`} title={t('market.change24h')}>
      <span className="change-chip__label">{t('market.change24hShort')}</span>
      <span data-testid={testId}>{shown.text}</span>
    </span>
  );
}
