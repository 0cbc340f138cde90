import { toUnits } from '@reef/contract';

/** One threshold of the next level as the server reports it: amounts as decimal strings, counts as integers. */
export interface Threshold<T extends string | number> {
  required: T;
  current: T;
  met: boolean;
}

/**
 * How far along a threshold is, as the whole percent a ProgressBar draws (0–100, rounded down, exact on the amounts'
 * units). The server's `met` decides the full bar, so the bar never reads 100 % for a threshold still unmet, nor
 * less for one met (a level can ask zero of something).
 */
export function thresholdPercent({ required, current, met }: Threshold<string | number>): number {
  if (met) return 100;
  const need = toWhole(required);
  if (need <= 0n) return 100;
  const have = toWhole(current);
  if (have <= 0n) return 0;
  const percent = (have * 100n) / need;
  return Number(percent >= 100n ? 99n : percent);
}

function toWhole(value: string | number): bigint {
  return typeof value === 'number' ? BigInt(Math.trunc(value)) : toUnits(value);
}

/** How many of a level's thresholds are met, for the heading ("2 of 3 met"). */
export function metCount(thresholds: readonly Threshold<string | number>[]): number {
  return thresholds.filter((threshold) => threshold.met).length;
}

/**
 * What the level card says when there is no next level: at V0 that means no level above it is configured yet (a new
 * community), not that the user holds the top one.
 */
export function noNextLevelKey(levelNumber: number): 'team.level.noneAbove' | 'team.level.top' {
  return levelNumber === 0 ? 'team.level.noneAbove' : 'team.level.top';
}
