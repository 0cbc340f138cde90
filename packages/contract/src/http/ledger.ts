import * as z from 'zod/mini';
import { amountString, assetKey, endpoint, freeText, isoTime, pagedList, pageQuery, signedAmount, uid } from '../common.js';

export const adminAdjust = endpoint({
  method: 'POST',
  path: '/api/admin/ledger/adjust',
  auth: 'admin',
  roles: ['administrator'],
  body: z.object({
    uid,
    asset: assetKey,
    amount: signedAmount,
    memo: freeText(200),
  }),
  // Applied at once, or, above the four-eyes amount (decision 084), waiting for a second administrator.
  response: z.union([z.object({ entry_id: z.int(), asset: assetKey, balance: amountString }), z.object({ request_id: z.int(), status: z.literal('pending') })]),
});

/**
 * Every kind a journal line (posting) may carry, the one list (decision 094): the ledger's `PostingInput.kind` is
 * this type, so a kind not listed here does not compile, and the database's CHECK on `postings.kind` (migration
 * 0037) refuses it from the SQL money functions too. Each kind has its bill label and description in the web
 * catalogues and the console's, tested per language. A new kind is added here, in that CHECK and in the labels.
 */
export const POSTING_KINDS = [
  'adjustment',
  'transfer_out',
  'transfer_in',
  'transfer_fee',
  'exchange_out',
  'exchange_in',
  'burn',
  'lake_seed',
  'withdrawal',
  'withdrawal_fee',
  'withdrawal_refund',
  'deposit',
  'rusd_charge_out',
  'rusd_charge_in',
  'rusd_charge_bnb',
  'airdrop',
  'mining_purchase',
  'mining_output',
  'pledge_lock',
  'pledge_fee',
  'pledge_interest',
  'pledge_release',
  'pledge_settlement',
  'reward_direct',
  'reward_indirect',
  'reward_dividend',
  'reward_performance',
  'reward_same_level',
  'reward_paid',
  'card_buy',
  'card_fuel_fee',
  'card_order_reserve',
  'card_order_release',
  'card_purchase',
  'card_sale',
  'card_fee',
  'card_trade_points',
  'card_refund',
  'card_renewal',
  'game_bet',
  'game_payout',
  'game_prize',
  'shop_purchase',
] as const;
export type PostingKind = (typeof POSTING_KINDS)[number];

/**
 * Kinds only system accounts' lines carry, never a user's (so no bill shows them), each with why: the walk test
 * (decision 094) finds every other kind in some user's view.
 */
export const SYSTEM_ONLY_POSTING_KINDS = {
  // A swap's fee share taken out of circulation: the line is the `burned` account's; the user's line is exchange_out.
  burn: 'the burned account’s share of a swap fee',
  // A lake's reserves funded by the platform: the adjustment account to the lake account, no user involved.
  lake_seed: 'platform funds moved into a new lake’s reserves',
  // The rewards account's debit paying a batch of rewards; the users' lines are reward_<kind>.
  reward_paid: 'the rewards account’s side of a reward payout',
  // The system side of a set-based pledge settlement (reef_ledger_credit_batch); users' lines are pledge_interest/pledge_release.
  pledge_settlement: 'the pledge accounts’ side of a settlement batch',
  // A market match (decision 050) moves the buyer's reservation out of escrow: the buyer's own lines are
  // card_order_reserve (and card_refund for the change), so these three are the escrow's, the fee account's and the
  // burned account's lines of the match.
  card_purchase: 'the escrow’s side of a matched card order',
  card_fee: 'the platform’s fee of a card sale, on the fee account',
  card_trade_points: 'the trading points a match burns, from escrow',
} as const satisfies Partial<Record<PostingKind, string>>;

/** What a journal entry as a whole is (its lines carry the posting kinds): the console and audits read it. */
export const ENTRY_KINDS = [
  'adjustment',
  'transfer',
  'exchange',
  'lake_seed',
  'withdrawal',
  'withdrawal_payout',
  'withdrawal_refund',
  'deposit',
  'rusd_charge',
  'rusd_charge_bnb',
  'airdrop',
  'mining_purchase',
  'mining_output',
  'pledge_lock',
  'pledge_settlement',
  'reward',
  'dividend',
  'card_buy',
  'card_order_reserve',
  'card_order_release',
  'card_purchase',
  'card_renewal',
  'game_bet',
  'game_prize',
  'shop_purchase',
] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export const postingKind = z.enum(POSTING_KINDS);
/** A bill line's kind: any posting kind (a user's lines never carry the system-only ones, but the view need not care). */
export const billKind = postingKind;

export const billLine = z.object({
  id: z.int(),
  asset: assetKey,
  amount: amountString,
  balance_after: amountString,
  kind: billKind,
  memo: z.string(),
  created_at: isoTime,
});
export type BillLine = z.infer<typeof billLine>;

export const billType = z.union([assetKey, z.literal('all')]);

export const listBills = endpoint('GET /api/finance/bill/:type', 'user', {
  params: z.object({ type: billType }),
  query: pageQuery,
  response: pagedList(billLine),
});
