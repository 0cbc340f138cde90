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

export const BILL_KINDS = [
  'adjustment',
  'transfer_out',
  'transfer_in',
  'transfer_fee',
  'exchange_out',
  'exchange_in',
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
  'reward_direct',
  'reward_indirect',
  'reward_dividend',
  'reward_performance',
  'reward_same_level',
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
] as const;
export const billKind = z.enum(BILL_KINDS);

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
