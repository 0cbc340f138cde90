import type * as z from 'zod/mini';
import type { communityApi } from '@reef/contract';
import { formatGroupedAmount } from '../../../lib/amount-format';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useTranslation } from '../../../i18n';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { metCount, noNextLevelKey, thresholdPercent } from '../model/level-progress';
import { CardSection } from '../../../components/ui/card-section';

type NextLevel = NonNullable<z.output<typeof communityApi.myCommunity.response>['next_level']>;

/**
 * My level, and each threshold of the next one as a bar with "have / need" under it; at the top level, says so. With no
 * level above the first one configured (a new community), V0 is not "the top": it says none is set up yet.
 */
export function LevelProgress({ level, levelNumber, next }: { level: string; levelNumber: number; next: NextLevel | null }) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const usdt = symbols.usdt;
  const thresholds = next === null ? [] : [next.small_area, next.direct_count, ...(next.holding === null ? [] : [next.holding])];
  return (
    <CardSection title={t('team.level.title')} className="team-level" testId="team-level">
      <p className="team-level__current">
        <span className="muted">{t('team.level.current')}</span> <strong data-testid="team-level-name">{level}</strong>
      </p>
      {next === null ? (
        <p className="muted" data-testid="team-level-top">
          {t(noNextLevelKey(levelNumber), { name: level })}
        </p>
      ) : (
        <>
          <p className="team-level__next" data-testid="team-level-next">
            {t('team.level.next', { name: next.name, met: metCount(thresholds), count: thresholds.length })}
          </p>
          <ProgressBar percent={thresholdPercent(next.small_area)} label={t('team.level.smallArea')} testId="level-small-area">
            {t('team.level.smallArea')}: {formatGroupedAmount(next.small_area.current)} / {formatGroupedAmount(next.small_area.required)} {usdt}
          </ProgressBar>
          <ProgressBar percent={thresholdPercent(next.direct_count)} label={t('team.level.direct')} testId="level-direct">
            {t('team.level.direct')}: {next.direct_count.current} / {next.direct_count.required}
          </ProgressBar>
          {next.holding !== null && (
            <ProgressBar
              percent={thresholdPercent(next.holding)}
              label={t('team.level.holding', { asset: symbols[next.holding.asset] })}
              testId="level-holding"
            >
              {t('team.level.holding', { asset: symbols[next.holding.asset] })}: {formatGroupedAmount(next.holding.current)} /{' '}
              {formatGroupedAmount(next.holding.required)}
            </ProgressBar>
          )}
        </>
      )}
    </CardSection>
  );
}
