/**
 * RUSD charge (spec §7 /api/user/charge*): the user converts USDT from their balance into RUSD at the
 * configured RUSD_PER_USDT rate. One journal entry: the user's USDT goes to `rusd_sales`, and RUSD issued
 * from `rusd_issue` (which may go negative: minus what was issued) goes to the user. RUSD is truncated to
 * 8 places; an amount that would buy zero RUSD is refused.
 *
 * BNB charge: the wallet sends native BNB to DEPOSIT_ADDRESS and submits the hash. Once the transfer has
 * DEPOSIT_CONFIRMATIONS blocks, RUSD worth BNB × BNB_PRICE_USDT × RUSD_PER_USDT is issued to the user from
 * `rusd_issue` (the BNB itself is not a ledger asset: it stays on chain at the deposit address). A hash is
 * credited once (unique index); until it is confirmed the request is refused and can be repeated.
 */
import type { Address, Hash } from 'viem';
import { UNIT, applyRate, fromUnits, toUnits, type ErrorCode } from '@reef/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { DomainError } from '../../plugins/errors.js';
import type { ChainClient } from '../chain/chain-client.js';
import { verifyNativeTransfer, type NativeTransferRefusal, type NativeTransferVerification } from '../chain/native-transfer.js';
import { weiToUnits } from '../chain/token-transfer.js';
import { runIdempotent } from '../idempotency/idempotency.service.js';
import { balanceKey, postEntry } from '../ledger/ledger.service.js';
import * as repo from './charge.repository.js';

export function quote(config: Config, amount: string) {
  const usdt = toUnits(amount);
  const rusd = applyRate(usdt, config.rusdPerUsdt);
  if (rusd <= 0n) throw new DomainError('AMOUNT_TOO_SMALL');
  return { usdt, rusd, view: { amount: fromUnits(usdt), rusd: fromUnits(rusd), rate: fromUnits(toUnits(config.rusdPerUsdt)) } };
}

export function calculate(config: Config, amount: string) {
  return quote(config, amount).view;
}

export async function charge(db: Database, config: Config, userId: number, amount: string, idempotencyKey: string | undefined) {
  const { usdt, rusd, view } = quote(config, amount);
  // A replay returns the stored answer, even if the rate changed since: the key stands for the amount.
  const request = ['rusd_charge', view.amount];
  return runIdempotent(db, { userId, key: idempotencyKey, request }, async (tx) => {
    const posted = await postEntry(tx, {
      kind: 'rusd_charge',
      actorId: userId,
      memo: `rate ${view.rate}`,
      postings: [
        { account: { userId, asset: 'usdt' }, amount: -usdt, kind: 'rusd_charge_out' },
        { account: { system: 'rusd_sales', asset: 'usdt' }, amount: usdt, kind: 'rusd_charge_out' },
        { account: { system: 'rusd_issue', asset: 'rusd' }, amount: -rusd, kind: 'rusd_charge_in' },
        { account: { userId, asset: 'rusd' }, amount: rusd, kind: 'rusd_charge_in' },
      ],
    });
    return {
      ...view,
      entry_id: posted.entryId,
      usdt_balance: posted.userBalances.get(balanceKey(userId, 'usdt'))!,
      rusd_balance: posted.userBalances.get(balanceKey(userId, 'rusd'))!,
    };
  });
}

export function quoteBnb(config: Config, amountBnb: bigint) {
  const price = toUnits(config.bnbPriceUsdt);
  const rate = toUnits(config.rusdPerUsdt);
  const usdt = (amountBnb * price) / UNIT;
  // One truncation over the exact product, not two.
  const rusd = (amountBnb * price * rate) / (UNIT * UNIT);
  if (rusd <= 0n) throw new DomainError('AMOUNT_TOO_SMALL');
  return {
    rusd,
    view: { amount_bnb: fromUnits(amountBnb), usdt: fromUnits(usdt), rusd: fromUnits(rusd), price: fromUnits(price), rate: fromUnits(rate) },
  };
}

export function calculateBnb(config: Config, amountBnb: string) {
  return quoteBnb(config, toUnits(amountBnb)).view;
}

const REFUSALS: Record<NativeTransferRefusal, ErrorCode> = {
  not_found: 'DEPOSIT_TX_NOT_FOUND',
  reverted: 'DEPOSIT_TX_REVERTED',
  wrong_recipient: 'DEPOSIT_WRONG_RECIPIENT',
  wrong_sender: 'DEPOSIT_WRONG_SENDER',
};

export interface BnbChargeContext {
  db: Database;
  config: Config;
  chain: ChainClient | null;
  log: { warn(details: object, message: string): void };
}

export async function chargeBnb(ctx: BnbChargeContext, user: { id: number; account: string }, txHash: string) {
  const { db, config, chain } = ctx;
  if (!config.chain || !chain) throw new DomainError('DEPOSITS_UNAVAILABLE');
  const hash = txHash.toLowerCase();
  // A credited hash needs no RPC round trip; the unique index below settles the concurrent case.
  if (await repo.findBnbChargeByHash(db, hash)) throw new DomainError('DEPOSIT_ALREADY_SUBMITTED');

  let verification: NativeTransferVerification;
  try {
    verification = await verifyNativeTransfer(chain, { txHash: hash as Hash, from: user.account as Address, to: config.chain.depositAddress });
  } catch (error) {
    ctx.log.warn({ err: error, txHash: hash }, 'BNB charge: RPC call failed');
    throw new DomainError('DEPOSITS_UNAVAILABLE');
  }
  if (verification.outcome === 'refused') throw new DomainError(REFUSALS[verification.reason]);
  if (verification.outcome === 'unmined' || verification.confirmations < config.depositConfirmations) {
    const confirmations = verification.outcome === 'mined' ? verification.confirmations : 0;
    throw new DomainError('CHARGE_UNCONFIRMED', { confirmations, required_confirmations: config.depositConfirmations });
  }
  const { rusd, view } = quoteBnb(config, weiToUnits(verification.amountWei));

  return db.transaction(async (tx) => {
    const posted = await postEntry(tx, {
      kind: 'rusd_charge_bnb',
      actorId: user.id,
      memo: hash,
      postings: [
        { account: { system: 'rusd_issue', asset: 'rusd' }, amount: -rusd, kind: 'rusd_charge_bnb' },
        { account: { userId: user.id, asset: 'rusd' }, amount: rusd, kind: 'rusd_charge_bnb' },
      ],
    });
    const row = await repo.insertBnbCharge(tx, {
      userId: user.id,
      txHash: hash,
      amountBnb: view.amount_bnb,
      price: view.price,
      rate: view.rate,
      rusd: view.rusd,
      entryId: posted.entryId,
    });
    if (!row) throw new DomainError('DEPOSIT_ALREADY_SUBMITTED');
    return {
      ...view,
      id: row.id,
      tx_hash: hash,
      entry_id: posted.entryId,
      rusd_balance: posted.userBalances.get(balanceKey(user.id, 'rusd'))!,
      created_at: row.createdAt.toISOString(),
    };
  });
}
