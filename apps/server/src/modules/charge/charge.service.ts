/**
 * RUSD charge (spec §7 /api/user/charge*): the user converts USDT from their balance into RUSD at the
 * configured RUSD_PER_USDT rate. One journal entry: the user's USDT goes to `rusd_sales`, and RUSD issued
 * from `rusd_issue` (which may go negative: minus what was issued) goes to the user. RUSD is truncated to
 * 8 places; an amount that would buy zero RUSD is refused.
 *
 * BNB charge: the wallet sends native BNB to DEPOSIT_ADDRESS and submits the hash. Once the transfer has
 * DEPOSIT_CONFIRMATIONS blocks, RUSD worth BNB × BNB_PRICE_USDT × RUSD_PER_USDT is issued to the user from
 * `rusd_issue` (the BNB itself is not a ledger asset: it stays on chain at the deposit address). A hash is
 * claimed once (unique index). A valid transfer that is not confirmed yet is stored `pending` and credited by
 * whoever first sees it confirmed — a later check or the background watcher (decision 019) — under the row lock.
 */
import type { Address, Hash } from 'viem';
import { UNIT, applyRate, fromUnits, toUnits, type BnbCharge, type BnbChargeStatus, type ErrorCode } from '@reef/contract';
import type { Config } from '../../config.js';
import type { Database, Transaction } from '../../db/client.js';
import { DomainError } from '../../core/errors.js';
import type { ChainClient } from '../chain/chain-client.js';
import { verifyNativeTransfer, type NativeTransferRefusal, type NativeTransferVerification } from '../chain/native-transfer.js';
import { ChainUnreachable, readChainForClaim, watchPending, type WatchDecision, type WatchPass } from '../chain/confirmation-watch.js';
import { weiToUnits } from '../chain/token-transfer.js';
import { recordEvent } from '../events/events.service.js';
import { runIdempotent } from '../idempotency/idempotency.service.js';
import { balanceKey, balancesOf, postEntry } from '../ledger/ledger.service.js';
import * as repo from './charge.repository.js';
import * as clock from '../../core/clock.js';

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
    await recordEvent(tx, { type: 'charge.rusd', user_id: userId, usdt: fromUnits(usdt), rusd: fromUnits(rusd), entry_id: posted.entryId });
    return {
      ...view,
      entry_id: posted.entryId,
      usdt_balance: posted.userBalances.get(balanceKey(userId, 'usdt'))!,
      rusd_balance: posted.userBalances.get(balanceKey(userId, 'rusd'))!,
    };
  });
}

/** RUSD for `amountBnb` at the configured price and rate: one truncation over the exact product, not two. */
function rusdForBnb(config: Config, amountBnb: bigint): bigint {
  return (amountBnb * toUnits(config.bnbPriceUsdt) * toUnits(config.rusdPerUsdt)) / (UNIT * UNIT);
}

export function quoteBnb(config: Config, amountBnb: bigint) {
  const price = toUnits(config.bnbPriceUsdt);
  const rate = toUnits(config.rusdPerUsdt);
  const usdt = (amountBnb * price) / UNIT;
  const rusd = rusdForBnb(config, amountBnb);
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

type Decision = WatchDecision<repo.Progress>;

function decide(verification: NativeTransferVerification, config: Config): Decision {
  if (verification.outcome === 'refused') return { kind: 'refuse', code: REFUSALS[verification.reason] };
  const amountBnb = weiToUnits(verification.amountWei);
  // Worth no RUSD at today's price (nothing sent, or dust): there is nothing to wait for.
  if (rusdForBnb(config, amountBnb) <= 0n) return { kind: 'refuse', code: 'AMOUNT_TOO_SMALL' };
  if (verification.outcome === 'unmined') return { kind: 'wait', progress: { amountBnb: fromUnits(amountBnb), blockNumber: null, confirmations: 0 } };
  const progress = { amountBnb: fromUnits(amountBnb), blockNumber: Number(verification.blockNumber), confirmations: verification.confirmations };
  return verification.confirmations >= config.depositConfirmations ? { kind: 'credit', progress } : { kind: 'wait', progress };
}

async function verify(ctx: BnbChargeContext, chain: ChainClient, txHash: string, account: string) {
  try {
    return await verifyNativeTransfer(chain, { txHash: txHash as Hash, from: account as Address, to: ctx.config.chain!.depositAddress });
  } catch (error) {
    ctx.log.warn({ err: error, txHash }, 'BNB charge: RPC call failed');
    throw new ChainUnreachable();
  }
}

/** Issues the RUSD at the price and rate configured now, in one entry with the row's move to `credited`. */
async function credit(tx: Transaction, config: Config, row: repo.BnbChargeRow, progress: repo.Progress) {
  const { rusd, view } = quoteBnb(config, toUnits(progress.amountBnb));
  const posted = await postEntry(tx, {
    kind: 'rusd_charge_bnb',
    actorId: row.userId,
    memo: row.txHash,
    postings: [
      { account: { system: 'rusd_issue', asset: 'rusd' }, amount: -rusd, kind: 'rusd_charge_bnb' },
      { account: { userId: row.userId, asset: 'rusd' }, amount: rusd, kind: 'rusd_charge_bnb' },
    ],
  });
  const credited = await repo.markCredited(tx, row.id, {
    ...progress,
    price: view.price,
    rate: view.rate,
    usdt: view.usdt,
    rusd: view.rusd,
    entryId: posted.entryId,
  });
  await recordEvent(tx, {
    type: 'charge.bnb_credited',
    user_id: row.userId,
    charge_id: row.id,
    amount_bnb: fromUnits(toUnits(progress.amountBnb)),
    rusd: fromUnits(rusd),
    entry_id: posted.entryId,
  });
  return { row: credited, rusdBalance: posted.userBalances.get(balanceKey(row.userId, 'rusd'))! };
}

function view(row: repo.BnbChargeRow, config: Config): BnbCharge {
  return {
    id: row.id,
    tx_hash: row.txHash,
    status: row.status as BnbChargeStatus,
    amount_bnb: row.amountBnb,
    usdt: row.usdt,
    rusd: row.rusd,
    price: row.price,
    rate: row.rate,
    failure: row.failure as ErrorCode | null,
    confirmations: row.confirmations,
    required_confirmations: config.depositConfirmations,
    created_at: row.createdAt.toISOString(),
    credited_at: row.creditedAt?.toISOString() ?? null,
  };
}

/** Claims a BNB transfer for the signed-in user: refused, stored as pending, or credited at once if confirmed. */
export async function chargeBnb(ctx: BnbChargeContext, user: { id: number; account: string }, txHash: string) {
  const { db, config, chain } = ctx;
  if (!config.chain || !chain) throw new DomainError('DEPOSITS_UNAVAILABLE');
  const hash = txHash.toLowerCase();
  // A claimed hash needs no RPC round trip; the unique index below settles the concurrent case.
  if (await repo.findBnbChargeByHash(db, hash)) throw new DomainError('DEPOSIT_ALREADY_SUBMITTED');

  const decision = decide(await readChainForClaim(() => verify(ctx, chain, hash, user.account)), config);
  if (decision.kind === 'refuse') throw new DomainError(decision.code);

  return db.transaction(async (tx) => {
    const inserted = await repo.insertBnbCharge(tx, { userId: user.id, txHash: hash, ...decision.progress });
    if (!inserted) throw new DomainError('DEPOSIT_ALREADY_SUBMITTED');
    if (decision.kind === 'credit') {
      const { row, rusdBalance } = await credit(tx, config, inserted, decision.progress);
      return { ...view(row, config), rusd_balance: rusdBalance };
    }
    const balances = await balancesOf(tx, user.id);
    return { ...view(inserted, config), rusd_balance: balances.get('rusd') ?? fromUnits(0n) };
  });
}

export async function listOwnBnbCharges(db: Database, config: Config, userId: number, page: number, limit: number) {
  const { list, total } = await repo.listForUser(db, userId, limit, (page - 1) * limit);
  return { list: list.map((row) => view(row, config)), page, limit, total };
}

export async function getOwnBnbCharge(db: Database, config: Config, userId: number, id: number) {
  const row = await repo.findForUser(db, userId, id);
  if (!row) throw new DomainError('NOT_FOUND');
  return view(row, config);
}

/**
 * One pass of the watcher over pending BNB charges (oldest first): records progress, credits the confirmed ones
 * and fails the ones the chain now refuses. Safe alongside itself and submissions: crediting happens only under
 * the row lock of a still-pending row.
 */
export async function creditConfirmedBnbCharges(ctx: BnbChargeContext, now = clock.now()): Promise<WatchPass> {
  const { db, config, chain } = ctx;
  if (!config.chain || !chain) return { credited: 0, failed: 0, pending: 0 };
  return watchPending(
    db,
    repo,
    async (row) => decide(await verify(ctx, chain, row.txHash, row.account), config),
    (tx, locked, progress) => credit(tx, config, locked, progress),
    now,
  );
}
