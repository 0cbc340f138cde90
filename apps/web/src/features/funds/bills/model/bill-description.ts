import { isAssetKey, type AssetKey, type BillLine } from '@reef/contract';
import { isAddress, isTxHash, maskAddress, maskHash } from '../../shared/model/chain-display';

/** The i18n keys under `bills.descriptions`. */
export type BillDescriptionKey =
  | 'transferTo'
  | 'transferOut'
  | 'transferIn'
  | 'transferFeeTo'
  | 'transferFee'
  | 'exchange'
  | 'exchangeGeneric'
  | 'withdrawalTo'
  | 'withdrawal'
  | 'withdrawalFeeTo'
  | 'withdrawalFee'
  | 'withdrawalRefund'
  | 'withdrawalRefundNote'
  | 'depositChain'
  | 'depositReviewed'
  | 'deposit'
  | 'chargeRate'
  | 'chargeBnb'
  | 'charge'
  | 'airdrop'
  | 'airdropGeneric'
  | 'adjustment'
  | 'adjustmentNote'
  | 'reward'
  | 'card'
  | 'cardOrder'
  | 'cardGeneric';

/** What the sentences interpolate; a key uses at most one or two of them. */
export interface BillDescriptionValues {
  counterparty?: string;
  from?: string;
  to?: string;
  hash?: string;
  rate?: string;
  id?: string;
  /** An operator's own words (an adjustment's memo, a rejection's reason), written to be read by the user. */
  note?: string;
}

export interface BillDescription {
  key: BillDescriptionKey;
  values: BillDescriptionValues;
}

const EXCHANGE_MEMO = /^([a-z]+)>([a-z]+)$/;
const AIRDROP_MEMO = /^airdrop (\d+)$/;
const REVIEWED_DEPOSIT_MEMO = /^deposit \d+ reviewed$/;
/** Card postings (decision 050): `card <card id>` on a card's own lines, `order <order id>` on a buy order's. */
const CARD_MEMO = /^card (\d+)$/;
const CARD_ORDER_MEMO = /^order (\d+)$/;
const RATE_MEMO = /^rate (\d+(?:\.\d+)?)$/;

/**
 * A fund-log line in words, from its kind and the memo the server module wrote (decision 042): the memos are
 * machine text ("usdt>coin", "airdrop 1", an address, a hash), so each kind reads its own memo shape and the page
 * shows a translated sentence. Counterparty addresses are masked; a memo of an unexpected shape falls back to the
 * kind's plain sentence and is never shown raw. The two memos an operator types for the user (an adjustment's
 * memo, a withdrawal's rejection reason, already shown on the withdrawal) go inside their sentence as a note.
 */
export function describeBill(line: Pick<BillLine, 'kind' | 'memo'>, symbolOf: (asset: AssetKey) => string): BillDescription {
  const memo = line.memo.trim();
  const counterparty = isAddress(memo) ? { counterparty: maskAddress(memo) } : null;
  switch (line.kind) {
    case 'transfer_out':
      return counterparty ? { key: 'transferTo', values: counterparty } : { key: 'transferOut', values: {} };
    case 'transfer_in':
      return { key: 'transferIn', values: {} };
    case 'transfer_fee':
      return counterparty ? { key: 'transferFeeTo', values: counterparty } : { key: 'transferFee', values: {} };
    case 'exchange_out':
    case 'exchange_in': {
      const match = EXCHANGE_MEMO.exec(memo);
      if (match && isAssetKey(match[1]!) && isAssetKey(match[2]!)) {
        return { key: 'exchange', values: { from: symbolOf(match[1]), to: symbolOf(match[2]) } };
      }
      return { key: 'exchangeGeneric', values: {} };
    }
    case 'withdrawal':
      return counterparty ? { key: 'withdrawalTo', values: counterparty } : { key: 'withdrawal', values: {} };
    case 'withdrawal_fee':
      return counterparty ? { key: 'withdrawalFeeTo', values: counterparty } : { key: 'withdrawalFee', values: {} };
    case 'withdrawal_refund':
      return memo ? { key: 'withdrawalRefundNote', values: { note: memo } } : { key: 'withdrawalRefund', values: {} };
    case 'deposit':
      if (isTxHash(memo)) return { key: 'depositChain', values: { hash: maskHash(memo) } };
      if (REVIEWED_DEPOSIT_MEMO.test(memo)) return { key: 'depositReviewed', values: {} };
      return { key: 'deposit', values: {} };
    case 'rusd_charge_out':
    case 'rusd_charge_in':
    case 'rusd_charge_bnb': {
      const rate = RATE_MEMO.exec(memo);
      if (rate) return { key: 'chargeRate', values: { rate: rate[1]! } };
      if (isTxHash(memo)) return { key: 'chargeBnb', values: { hash: maskHash(memo) } };
      return { key: 'charge', values: {} };
    }
    case 'airdrop': {
      const match = AIRDROP_MEMO.exec(memo);
      return match ? { key: 'airdrop', values: { id: match[1]! } } : { key: 'airdropGeneric', values: {} };
    }
    case 'adjustment':
      return memo ? { key: 'adjustmentNote', values: { note: memo } } : { key: 'adjustment', values: {} };
    case 'reward_direct':
    case 'reward_indirect':
    case 'reward_dividend':
    case 'reward_performance':
    case 'reward_same_level':
      return { key: 'reward', values: {} };
    case 'card_buy':
    case 'card_fuel_fee':
    case 'card_order_reserve':
    case 'card_order_release':
    case 'card_purchase':
    case 'card_sale':
    case 'card_fee':
    case 'card_trade_points':
    case 'card_refund':
    case 'card_renewal': {
      const card = CARD_MEMO.exec(memo);
      if (card) return { key: 'card', values: { id: card[1]! } };
      const order = CARD_ORDER_MEMO.exec(memo);
      if (order) return { key: 'cardOrder', values: { id: order[1]! } };
      return { key: 'cardGeneric', values: {} };
    }
  }
}
