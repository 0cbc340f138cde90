import { toUnits } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { Money } from '../../../components/ui/money';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { capPercent } from '../model/pledge-phase';

/** The product's cap: a bar of the share locked and "Locked 33% · locked / cap". */
export function CapBar({ locked, cap, symbol, testId }: { locked: string; cap: string; symbol: string; testId: string }) {
  const { t } = useTranslation();
  const percent = capPercent(toUnits(locked), toUnits(cap));
  return (
    <ProgressBar percent={percent} label={t('pledge.fields.capProgress')} testId={testId}>
      {t('pledge.fields.capProgress')} <span className="figure" data-testid={`${testId}-percent`}>{`${percent}%`}</span> ·{' '}
      <Money value={locked} symbol={symbol} testId={`${testId}-locked`} /> / <Money value={cap} symbol={symbol} />
    </ProgressBar>
  );
}
