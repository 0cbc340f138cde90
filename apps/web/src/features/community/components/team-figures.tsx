import type { communityApi } from '@reef/contract';
import { FeeBox } from '../../../components/ui/fee-box';
import { Money } from '../../../components/ui/money';
import { useTranslation } from '../../../i18n';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';

/**
 * A user's team figures (spec §3 Team fields): counts, then performance in USDT equivalent (the server values each
 * qualifying purchase in USDT; decision 064). `compact` leaves out the two areas, for list rows.
 */
export function TeamFigures({ figures, testId, compact = false }: { figures: communityApi.TeamFigures; testId: string; compact?: boolean }) {
  const { t } = useTranslation();
  const usdt = useAssetSymbols().usdt;
  const count = (value: number) => <span className="figure">{value}</span>;
  return (
    <FeeBox
      rows={[
        { label: t('team.figures.direct'), value: count(figures.direct_count), testId: `${testId}-direct` },
        { label: t('team.figures.indirect'), value: count(figures.indirect_count), testId: `${testId}-indirect` },
        { label: t('team.figures.total'), value: count(figures.team_total), testId: `${testId}-total` },
        { label: t('team.figures.own'), value: <Money value={figures.own_performance} symbol={usdt} />, testId: `${testId}-own` },
        { label: t('team.figures.team'), value: <Money value={figures.team_performance} symbol={usdt} />, testId: `${testId}-team` },
        ...(compact
          ? []
          : [
              { label: t('team.figures.large'), value: <Money value={figures.large_area} symbol={usdt} />, testId: `${testId}-large` },
              { label: t('team.figures.small'), value: <Money value={figures.small_area} symbol={usdt} />, testId: `${testId}-small` },
            ]),
      ]}
    />
  );
}
