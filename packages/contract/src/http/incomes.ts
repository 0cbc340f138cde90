import * as z from 'zod/mini';
import type { AssetKey } from '../assets.js';
import { amountString, assetKey, endpoint, isoTime, pagedList, pageQuery } from '../common.js';
import { billLine } from './ledger.js';

/** The five reward kinds of spec §1; each is posted with the bill kind `reward_<kind>`. */
export const REWARD_KINDS = ['direct', 'indirect', 'dividend', 'performance', 'same_level'] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];
export const rewardKind = z.enum(REWARD_KINDS);
export const rewardBillKind = (kind: RewardKind) => `reward_${kind}` as const;

/** The asset every reward is paid in (decision 065): a kind with no lines yet still shows its zero in it. */
export const REWARD_ASSET: AssetKey = 'usdt';

const assetAmount = z.object({ asset: assetKey, amount: amountString });

/** GET /api/user/incomes: the user's reward income per kind and asset, in all and since 00:00 UTC today. */
export const incomes = endpoint('GET /api/user/incomes', 'user', {
  response: z.object({
    /** One row per (kind, asset) that has lines. */
    list: z.array(z.object({ kind: rewardKind, asset: assetKey, total: amountString, today: amountString })),
    /** All kinds together, per asset. */
    total: z.array(assetAmount),
    today: z.array(assetAmount),
  }),
});

/** GET /api/user/award: every reward kind (always all five) with its totals per asset. */
export const award = endpoint('GET /api/user/award', 'user', {
  response: z.object({
    list: z.array(z.object({ kind: rewardKind, totals: z.array(assetAmount) })),
  }),
});

/**
 * Why an income line was paid (decision 065): the member and purchase it comes from (a dividend: the day and the
 * weights instead), the base it was computed on, the rate, the beneficiary's level and generation, and the cap
 * that cut it, if any (`computed` is before the cap, the line's amount after it).
 */
export const rewardExplanation = z.object({
  member: z.nullable(z.object({ uid: z.int(), nickname: z.string() })),
  purchase: z.nullable(
    z.object({
      event_id: z.int(),
      kind: z.string(),
      ref_type: z.string(),
      ref_id: z.int(),
      occurred_at: isoTime,
      /** What the buyer paid, in the asset they paid it in (a card: RUSD); `base` is its USDT-equivalent performance. */
      paid: assetAmount,
    }),
  ),
  /** Same-level: the downline whose performance reward this line is a share of. */
  source: z.nullable(z.object({ uid: z.int(), nickname: z.string() })),
  dividend_day: z.nullable(z.string()),
  /** What the rate applies to, in USDT-equivalent units (a purchase's performance, a dividend's pool). */
  base: amountString,
  rate: amountString,
  level: z.int(),
  generation: z.nullable(z.int()),
  weight: z.nullable(amountString),
  total_weight: z.nullable(amountString),
  computed: amountString,
  cap: z.nullable(z.enum(['user_day', 'kind_share'])),
});
export type RewardExplanation = z.infer<typeof rewardExplanation>;

export const incomeLine = z.extend(billLine, { explanation: z.nullable(rewardExplanation) });
export type IncomeLine = z.infer<typeof incomeLine>;

/** GET /api/user/award_log/:id, id = a reward kind: the user's lines of that kind, newest first, each with its explanation. */
export const awardLog = endpoint('GET /api/user/award_log/:id', 'user', {
  params: z.object({ id: rewardKind }),
  query: pageQuery,
  // `kind` first, as the answer has always been serialised.
  response: z.object({ kind: rewardKind, ...pagedList(incomeLine).shape }),
});
