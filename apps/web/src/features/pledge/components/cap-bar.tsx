import { toUnits } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { capPercent } from '../model/pledge-phase';
import { Money } from '../../../components/ui/money';

/** The product's cap: a bar of the share locked and "locked / cap". */
export function CapBar({ locked, cap, symbol, testId }: { locked: string; cap: string; symbol: string; testId: string }) {
  const { t } = useTranslation();
  const percent = capPercent(toUnits(locked), toUnits(cap));
  return (
    <div className="pledge-cap" data-testid={testId}>
      <div
        className="pledge-cap__track"
        role="progressbar"
        aria-label={t('pledge.fields.capProgress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span className="pledge-cap__fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="pledge-cap__text">
        {t('pledge.fields.capProgress')} <span className="figure" data-testid={`${testId}-percent`}>{`${percent}%`}</span> ·{' '}
        <Money value={locked} symbol={symbol} testId={`${testId}-locked`} /> / <Money value={cap} symbol={symbol} />
      </span>
    </div>
  );
}
