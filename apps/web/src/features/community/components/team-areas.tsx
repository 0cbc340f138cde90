import { useId } from 'react';
import type { communityApi } from '@reef/contract';
import { Money } from '../../../components/ui/money';
import { useTranslation } from '../../../i18n';
import { formatGroupedAmount } from '../../../lib/amount-format';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { areaBars } from '../model/area-picture';

// The drawing's own units (it scales to the card's width): the columns rise from BASE to at most TOP.
const WIDTH = 300;
const TOP = 52;
const BASE = 128;
const COLUMN = 72;
const LARGE_X = 44;
const SMALL_X = WIDTH - 44 - COLUMN;

/** The column of one area: a faint full-height track and the share filled from the bottom. */
function Column({ x, percent, className }: { x: number; percent: number; className: string }) {
  const height = ((BASE - TOP) * percent) / 100;
  return (
    <>
      <rect className="team-areas__track" x={x} y={TOP} width={COLUMN} height={BASE - TOP} rx={8} />
      {height > 0 && <rect className={className} x={x} y={BASE - height} width={COLUMN} height={height} rx={8} />}
    </>
  );
}

/**
 * The two areas as a small tree (spec §3; issue 13 asks for a picture, not only numbers): me at the top, a branch to
 * each area, each area a column as tall as its performance on one scale. The drawing is an image with a text
 * alternative that says the same in words; the figures are printed under it too, so nothing depends on seeing it.
 */
export function TeamAreas({ figures }: { figures: communityApi.TeamFigures }) {
  const { t } = useTranslation();
  const id = useId();
  const usdt = useAssetSymbols().usdt;
  const bars = areaBars(figures.large_area, figures.small_area);
  const centre = WIDTH / 2;
  const large = LARGE_X + COLUMN / 2;
  const small = SMALL_X + COLUMN / 2;
  const summary = t('team.areas.summary', {
    large: `${formatGroupedAmount(figures.large_area)} ${usdt}`,
    small: `${formatGroupedAmount(figures.small_area)} ${usdt}`,
    share: bars.smallShare,
  });
  return (
    <figure className="team-areas" data-testid="team-areas" data-large={bars.large} data-small={bars.small}>
      <svg className="team-areas__picture" viewBox={`0 0 ${WIDTH} ${BASE + 4}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>{t('team.areas.title')}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        <path className="team-areas__branch" d={`M${centre} 26 C${centre} 42 ${large} 30 ${large} ${TOP - 4}`} />
        <path className="team-areas__branch" d={`M${centre} 26 C${centre} 42 ${small} 30 ${small} ${TOP - 4}`} />
        <circle className="team-areas__me" cx={centre} cy={15} r={11} />
        <Column x={LARGE_X} percent={bars.large} className="team-areas__large" />
        <Column x={SMALL_X} percent={bars.small} className="team-areas__small" />
      </svg>
      <figcaption className="team-areas__legend">
        <span className="team-areas__key team-areas__key--large">
          <span>{t('team.figures.large')}</span>
          <Money value={figures.large_area} symbol={usdt} testId="team-areas-large" />
        </span>
        <span className="team-areas__key team-areas__key--small">
          <span>{t('team.figures.small')}</span>
          <Money value={figures.small_area} symbol={usdt} testId="team-areas-small" />
        </span>
      </figcaption>
    </figure>
  );
}
