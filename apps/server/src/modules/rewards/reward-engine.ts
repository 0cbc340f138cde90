/**
 * The arithmetic of the reward engine (decision 065), pure: what one purchase pays its upline before the caps, and
 * how the caps cut it. The service feeds it the upline (nearest first, with levels) and the settings in force at
 * the purchase's time; the worked example in rewards.integration.test.ts checks it by hand.
 */
import { applyRate, fromUnits, toUnits, type RewardKind } from '@reef/contract';

export interface UplineMember {
  id: number;
  /** 1 = the buyer's referrer. */
  depth: number;
  level: number;
}

/** A reward before the caps. */
export interface Candidate {
  kind: Exclude<RewardKind, 'dividend'>;
  beneficiaryId: number;
  /** What the rate applies to: the purchase's performance units (same-level: the source's performance reward). */
  base: bigint;
  rate: string;
  level: number;
  generation: number;
  /** Same-level: the downline whose performance reward this is a share of. */
  sourceId: number | null;
  computed: bigint;
}

/** The setting in force at the purchase's time; "0" for one never set. */
export type RateAt = (rule: 'direct' | 'indirect' | 'performance' | 'same_level', generation: number, level: number) => string;

/**
 * - direct: the referrer gets `direct` × base;
 * - indirect: the member at depth g ≥ 2 gets `indirect(g, their level)` × base;
 * - performance: walking up, each member whose level's rate exceeds the highest rate already paid below them on
 *   the path gets the difference × base;
 * - same-level: the first member above a performance earner with that earner's level who earned no performance
 *   reward themselves (their rate is not above it) gets `same_level` × the earner's performance reward, once per
 *   earner. A higher level in between earns the differential and becomes the earner, so it blocks the bonus.
 * Amounts are truncated to 8 places; a reward that truncates to 0 is left out.
 */
export function purchaseRewards(base: bigint, upline: readonly UplineMember[], rateAt: RateAt): Candidate[] {
  const out: Candidate[] = [];
  const add = (c: Omit<Candidate, 'computed' | 'sourceId'> & { sourceId?: number | null }) => {
    const computed = applyRate(c.base, c.rate);
    if (computed > 0n) out.push({ ...c, sourceId: c.sourceId ?? null, computed });
  };

  for (const member of upline) {
    if (member.depth === 1) add({ kind: 'direct', beneficiaryId: member.id, base, rate: rateAt('direct', 0, 0), level: member.level, generation: 1 });
    else
      add({
        kind: 'indirect',
        beneficiaryId: member.id,
        base,
        rate: rateAt('indirect', member.depth, member.level),
        level: member.level,
        generation: member.depth,
      });
  }

  let paidRate = 0n;
  let earner: { id: number; level: number; reward: bigint; bonusPaid: boolean } | null = null;
  for (const member of upline) {
    const rate = toUnits(rateAt('performance', 0, member.level));
    if (rate > paidRate) {
      const differential = fromUnits(rate - paidRate);
      const reward = applyRate(base, differential);
      add({ kind: 'performance', beneficiaryId: member.id, base, rate: differential, level: member.level, generation: member.depth });
      paidRate = rate;
      earner = { id: member.id, level: member.level, reward, bonusPaid: false };
    } else if (earner && !earner.bonusPaid && member.level === earner.level && earner.reward > 0n) {
      add({
        kind: 'same_level',
        beneficiaryId: member.id,
        base: earner.reward,
        rate: rateAt('same_level', 0, 0),
        level: member.level,
        generation: member.depth,
        sourceId: earner.id,
      });
      earner.bonusPaid = true;
    }
  }
  return out;
}

export type CapName = 'user_day' | 'kind_share';

/**
 * Cuts a reward to what is left under the caps: the beneficiary's daily cap (all kinds together) and the kind's daily
 * total as a share of the day's turnover so far. Returns the amount and which cap cut it.
 */
export function capped(computed: bigint, userLeft: bigint, kindLeft: bigint): { amount: bigint; cap: CapName | null } {
  const user = userLeft < 0n ? 0n : userLeft;
  const kind = kindLeft < 0n ? 0n : kindLeft;
  if (computed <= user && computed <= kind) return { amount: computed, cap: null };
  return user <= kind ? { amount: user, cap: 'user_day' } : { amount: kind, cap: 'kind_share' };
}

/** A UTC day as 'YYYY-MM-DD'. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The first instant of the next UTC day. */
export function endOfUtcDay(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000);
}
