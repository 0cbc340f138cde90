import { REWARD_KINDS, type RewardKind } from '@reef/contract';

/** The `?kind=` of pages/index/incomeTpl, or null when it is not one of the five reward kinds. */
export function parseRewardKind(value: string | null): RewardKind | null {
  return value !== null && (REWARD_KINDS as readonly string[]).includes(value) ? (value as RewardKind) : null;
}
