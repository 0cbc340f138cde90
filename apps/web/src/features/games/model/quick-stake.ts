import { fromUnits, toUnits, UNIT } from '@reef/contract';
import { trimAmount } from '../../../lib/amount-format';
import { stakeProblem } from './paths';

/** The quick-bet chips under a typed stake, in the order they are shown. */
export const QUICK_STAKES = ['min', 'half', 'double', 'max'] as const;
export type QuickStake = (typeof QUICK_STAKES)[number];

/** What bounds a stake: the game's configured limits and, once the user info has loaded, the balance it is paid from. */
export interface StakeBounds {
  min: string;
  max: string;
  balance: string | undefined;
}

/** Stakes have at most 2 decimals (the server refuses more): chips round down to the cent, never up past a bound. */
const CENT = UNIT / 100n;
const toCents = (units: bigint) => (units / CENT) * CENT;

/**
 * The stake a chip puts in the field, as the field shows it ("2.5"), or null when no playable stake exists (the
 * balance is below the game's minimum). ½ and ×2 act on the typed stake, from the minimum when none is typed yet; every
 * answer lies within [min stake, min(max stake, balance)]. Decimal strings and bigint units only: no JS number money.
 */
export function quickStake(kind: QuickStake, typed: string, bounds: StakeBounds): string | null {
  const low = toUnits(bounds.min);
  const cap = toUnits(bounds.max);
  const high = bounds.balance === undefined ? cap : toCents(toUnits(bounds.balance)) < cap ? toCents(toUnits(bounds.balance)) : cap;
  if (high < low) return null;
  const current = stakeProblem(typed) === null ? toUnits(typed.trim()) : null;
  const clamp = (units: bigint) => (units < low ? low : units > high ? high : units);
  const show = (units: bigint) => trimAmount(fromUnits(clamp(units), 2));
  switch (kind) {
    case 'min':
      return show(low);
    case 'max':
      return show(high);
    case 'half':
      return show(current === null ? low : toCents(current / 2n));
    case 'double':
      return show(current === null ? low : current * 2n);
  }
}
