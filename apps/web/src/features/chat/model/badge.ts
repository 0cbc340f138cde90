import { BADGE_MAX } from '@reef/contract';

/** A count as a badge shows it (spec §9 badge max 999): '' for none, '999+' above the cap. */
export function badgeText(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(Math.floor(count));
}
