/**
 * The reward engine's operator table (issue 13, decision 065). Every setting is effective-dated: a change is a new
 * row in force from `effective_from` (now or later, never in the past), so it applies only to purchases after it.
 */
import * as z from 'zod/mini';
import { amountString, endpoint, isoTime } from '../common.js';
import { AMOUNT_SCALE } from '../constants.js';
import { normalizeAmount } from '../money.js';

/**
 * `direct` (rate of a direct member's purchase), `indirect` (per generation ≥ 2 and the beneficiary's level),
 * `performance` (per level: the differential), `same_level` (rate of the same-level downline's performance reward),
 * `dividend_pool` (rate of the day's turnover), `dividend_weight` (per level), `dividend_min_level` (the qualification),
 * `cap_user_day` (an amount per user and UTC day), `cap_share_<kind>` (a kind's daily total as a share of turnover).
 */
export const REWARD_RULES = [
  'direct',
  'indirect',
  'performance',
  'same_level',
  'dividend_pool',
  'dividend_weight',
  'dividend_min_level',
  'cap_user_day',
  'cap_share_direct',
  'cap_share_indirect',
  'cap_share_performance',
  'cap_share_same_level',
  'cap_share_dividend',
] as const;
export type RewardRuleName = (typeof REWARD_RULES)[number];
export const rewardRuleName = z.enum(REWARD_RULES);

/** Rules whose value is a rate or share: at most 1. */
export const RATE_RULES_LIST: readonly RewardRuleName[] = REWARD_RULES.filter(
  (r) => r !== 'cap_user_day' && r !== 'dividend_weight' && r !== 'dividend_min_level',
);
/** Rules set per level (the beneficiary's); the others take level 0. */
export const LEVEL_RULES_LIST: readonly RewardRuleName[] = ['indirect', 'performance', 'dividend_weight'];

/** A non-negative exact decimal (0 switches a rate off), at most 8 places. */
const settingValue = z.pipe(
  z
    .string()
    .check(z.maxLength(18 + AMOUNT_SCALE + 1))
    .check(z.regex(new RegExp(`^\\d{1,18}(\\.\\d{1,${AMOUNT_SCALE}})?$`))),
  z.transform(normalizeAmount),
);
const smallInt = z.int().check(z.gte(0)).check(z.lte(100));

export const rewardRule = z.object({
  id: z.int(),
  rule: rewardRuleName,
  generation: z.int(),
  level: z.int(),
  value: amountString,
  effective_from: isoTime,
  created_by: z.nullable(z.int()),
});
export type RewardRule = z.infer<typeof rewardRule>;

/** GET /api/admin/rewards/rules: the settings in force now, and every change (newest first, scheduled ones included). */
export const adminRewardRules = endpoint('GET /api/admin/rewards/rules', 'admin', {
  response: z.object({ in_force: z.array(rewardRule), history: z.array(rewardRule) }),
});

/** POST /api/admin/rewards/rules: a new value for one setting, from `effective_from` (default: now). Audited as `rewards.rule_set`. */
export const adminSetRewardRule = endpoint('POST /api/admin/rewards/rules', 'admin', {
  body: z.strictObject({
    rule: rewardRuleName,
    /** `indirect` only: the generation (2 = a member's member). */
    generation: z.optional(smallInt),
    /** Per-level rules only: the beneficiary's level. */
    level: z.optional(smallInt),
    value: settingValue,
    effective_from: z.optional(z.iso.datetime()),
  }),
  response: rewardRule,
});
