import type { pledgeApi } from '@reef/contract';

/**
 * A pledge product's state (spec §4) on the server's clock, worked out on the page between two reads so the
 * label and the countdown move the second a boundary passes — the same rule as the server's `productState`:
 * not started → in progress (sales open) → ended (sales closed, interest accruing) → releasing → released.
 */
export type PledgeState = pledgeApi.PledgeProduct['state'];

const DAY_MS = 86_400_000;

export interface PledgeTimes {
  saleStartsMs: number;
  saleEndsMs: number;
  unlockMs: number;
  /** When the last of the principal is back (unlock + release days). */
  releasedMs: number;
}

export function pledgeTimes(product: Pick<pledgeApi.PledgeProduct, 'sale_starts_at' | 'sale_ends_at' | 'unlock_at' | 'release_days'>): PledgeTimes {
  const unlockMs = Date.parse(product.unlock_at);
  return {
    saleStartsMs: Date.parse(product.sale_starts_at),
    saleEndsMs: Date.parse(product.sale_ends_at),
    unlockMs,
    releasedMs: unlockMs + product.release_days * DAY_MS,
  };
}

export function pledgeState(times: PledgeTimes, nowMs: number): PledgeState {
  if (nowMs < times.saleStartsMs) return 'not_started';
  if (nowMs < times.saleEndsMs) return 'in_progress';
  if (nowMs < times.unlockMs) return 'ended';
  if (nowMs < times.releasedMs) return 'releasing';
  return 'released';
}

/** The moment the state changes next (what the countdown counts to), or null once everything is released. */
export function nextBoundaryMs(times: PledgeTimes, nowMs: number): number | null {
  switch (pledgeState(times, nowMs)) {
    case 'not_started':
      return times.saleStartsMs;
    case 'in_progress':
      return times.saleEndsMs;
    case 'ended':
      return times.unlockMs;
    case 'releasing':
      return times.releasedMs;
    case 'released':
      return null;
  }
}

/** Locked so far as a whole percentage of the cap (rounded down, 0–100), exact on the decimal strings' units. */
export function capPercent(lockedUnits: bigint, capUnits: bigint): number {
  if (capUnits <= 0n) return 100;
  const percent = (lockedUnits * 100n) / capUnits;
  return Number(percent > 100n ? 100n : percent < 0n ? 0n : percent);
}
