import * as z from 'zod/mini';
import { amountString, assetKey, endpoint, pagedList, pageQuery } from '../common.js';
import { billLine } from './ledger.js';

/** The five reward kinds of spec §1; each is posted with the bill kind `reward_<kind>`. */
export const REWARD_KINDS = ['direct', 'indirect', 'dividend', 'performance', 'same_level'] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];
export const rewardKind = z.enum(REWARD_KINDS);
export const rewardBillKind = (kind: RewardKind) => `reward_${kind}` as const;

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

/** GET /api/user/award_log/:id, id = a reward kind: the user's lines of that kind, newest first. */
export const awardLog = endpoint('GET /api/user/award_log/:id', 'user', {
  params: z.object({ id: rewardKind }),
  query: pageQuery,
  // `kind` first, as the answer has always been serialised.
  response: z.object({ kind: rewardKind, ...pagedList(billLine).shape }),
});
