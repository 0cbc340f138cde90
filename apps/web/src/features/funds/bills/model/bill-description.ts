import { isAssetKey, type AssetKey, type BillLine } from '@reef/contract';
import { isAddress, isTxHash, maskAddress, maskHash } from '../../shared/model/chain-display';

/** The i18n keys under `bills.descriptions`. */
export type BillDescriptionKey =
  | 'transferTo'
  | 'transferOut'
  | 'transferFrom'
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
  | 'card'
  | 'cardOrder'
  | 'cardGeneric'
  | 'miningPurchase'
  | 'miningOutput'
  | 'miningGeneric'
  | 'pledgeLock'
  | 'pledgeFee'
  | 'pledgeInterest'
  | 'pledgeRelease'
  | 'pledgeGeneric'
  | 'reward'
  | 'gameRound'
  | 'gameGeneric'
  | 'shopOrder'
  | 'shopGeneric'
  | 'burn'
  | 'lakeSeed'
  | 'rewardPaid';

/** What the sentences interpolate; a key uses at most one or two of them. */
export interface BillDescriptionValues {
  counterparty?: string;
  from?: string;
  to?: string;
  hash?: string;
  rate?: string;
  id?: string;
  /** A miner's or a pledge's day, a release instalment and how many there are. */
  day?: string;
  of?: string;
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
const MINER_MEMO = /^miner (M\d+)(?: day (\d+))?$/;
/** `game <game> <first 8 of the seed hash>:<nonce>` (decision 071). */
const GAME_MEMO = /^game (?:blind_box|slot|raffle) ([0-9a-f]{8}:\d+)$/;
/** `order <order no>` (decision 073): the points-shop order number, S + 14 digits of time + 10 random digits. */
const SHOP_ORDER_MEMO = /^order (S\d{24})$/;
const PLEDGE_MEMO = /^pledge (\d+)(?: day (\d+) rate (\d+(?:\.\d+)?)| release (\d+)\/(\d+))?$/;

/** '0.12000000' → '12': a pledge memo's annual rate as a percentage, exactly (no floating point). */
function ratePercent(rate: string): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  const digits = `${whole}${fraction.padEnd(8, '0')}`.replace(/^0+(?=\d)/, '');
  const units = digits.padStart(9, '0');
  const percent = `${units.slice(0, -6).replace(/^0+(?=\d)/, '')}.${units.slice(-6)}`.replace(/\.?0+$/, '');
  return percent || '0';
}

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
      // Lines posted before the memo named the sender have none: they keep the plain sentence.
      return counterparty ? { key: 'transferFrom', values: counterparty } : { key: 'transferIn', values: {} };
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
    case 'mining_purchase':
    case 'mining_output': {
      const match = MINER_MEMO.exec(memo);
      if (match?.[2]) return { key: 'miningOutput', values: { id: match[1]!, day: match[2] } };
      if (match && line.kind === 'mining_purchase') return { key: 'miningPurchase', values: { id: match[1]! } };
      return { key: 'miningGeneric', values: {} };
    }
    case 'pledge_lock':
    case 'pledge_fee':
    case 'pledge_interest':
    case 'pledge_release':
    case 'pledge_settlement': {
      const match = PLEDGE_MEMO.exec(memo);
      if (!match) return { key: 'pledgeGeneric', values: {} };
      const id = match[1]!;
      if (line.kind === 'pledge_interest' && match[2]) return { key: 'pledgeInterest', values: { id, day: match[2], rate: ratePercent(match[3]!) } };
      if (line.kind === 'pledge_release' && match[4]) return { key: 'pledgeRelease', values: { id, day: match[4], of: match[5]! } };
      if (line.kind === 'pledge_lock') return { key: 'pledgeLock', values: { id } };
      if (line.kind === 'pledge_fee') return { key: 'pledgeFee', values: { id } };
      return { key: 'pledgeGeneric', values: {} };
    }
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
    case 'game_bet':
    case 'game_payout':
    case 'game_prize': {
      const round = GAME_MEMO.exec(memo);
      return round ? { key: 'gameRound', values: { id: round[1]! } } : { key: 'gameGeneric', values: {} };
    }
    case 'shop_purchase': {
      const order = SHOP_ORDER_MEMO.exec(memo);
      return order ? { key: 'shopOrder', values: { id: order[1]! } } : { key: 'shopGeneric', values: {} };
    }
    // System accounts' kinds (SYSTEM_ONLY_POSTING_KINDS): no user's bill carries them, but a sentence each keeps
    // every kind readable wherever a line shows up.
    case 'burn':
      return { key: 'burn', values: {} };
    case 'lake_seed':
      return { key: 'lakeSeed', values: {} };
    case 'reward_paid':
      return { key: 'rewardPaid', values: {} };
  }
}
