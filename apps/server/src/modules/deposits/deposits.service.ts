/**
 * On-chain deposits: the wallet sends an ERC-20 `transfer` to the platform's deposit address and the app
 * submits the transaction hash. The chain is the only witness: the receipt must show the configured token
 * moving from the user's own wallet to the deposit address, and enough blocks must follow it.
 *
 * A hash is claimed once (unique index); the claim records `pending` until the transfer has
 * DEPOSIT_CONFIRMATIONS blocks, and is credited by whoever first sees it confirmed — the submitting request
 * or the watcher — under the row's lock, as one journal entry from `chain_in` to the user.
 *
 * Without an RPC (decision 019) the chain cannot be asked, so a recharge is a request for review: the user
 * declares the amount and gives a voucher (the transfer's hash, or an image they uploaded). Nothing moves until
 * an operator approves it; the approval credits the declared amount with the same entry shape, once, under the
 * row lock. A hash voucher shares the hash's unique index with chain claims: it serves once, either way.
 */
import { getAddress, type Address, type Hash } from 'viem';
import { fromUnits, toUnits, type AdminDeposit, type Deposit, type DepositAsset, type DepositStatus, type ErrorCode, type RechargeMode } from '@reef/contract';
import type { Config } from '../../config.js';
import type { Database, Transaction } from '../../db/client.js';
import { DomainError } from '../../core/errors.js';
import type { ChainClient } from '../chain/chain-client.js';
import { ChainUnreachable, readChainForClaim, watchPending, type WatchDecision, type WatchPass } from '../chain/confirmation-watch.js';
import { verifyTokenTransfer, weiToUnits, type TransferRefusal, type TransferVerification } from '../chain/token-transfer.js';
import { recordEvent } from '../events/events.service.js';
import { runIdempotent } from '../idempotency/idempotency.service.js';
import { postEntry } from '../ledger/ledger.service.js';
import { findUploadByAddress, restrictToOwner } from '../uploads/uploads.service.js';
import * as repo from './deposits.repository.js';
import * as clock from '../../core/clock.js';

export interface DepositContext {
  db: Database;
  config: Config;
  /** Null when no BSC_RPC_URL is configured: deposits are refused. */
  chain: ChainClient | null;
  log: { warn(details: object, message: string): void };
}

const REFUSALS: Record<TransferRefusal, ErrorCode> = {
  not_found: 'DEPOSIT_TX_NOT_FOUND',
  reverted: 'DEPOSIT_TX_REVERTED',
  wrong_token: 'DEPOSIT_WRONG_TOKEN',
  wrong_recipient: 'DEPOSIT_WRONG_RECIPIENT',
  wrong_sender: 'DEPOSIT_WRONG_SENDER',
};

type Decision = WatchDecision<repo.Progress, repo.Progress & { amount: string }>;

function decide(verification: TransferVerification, asset: DepositAsset, config: Config): Decision {
  if (verification.outcome === 'refused') return { kind: 'refuse', code: REFUSALS[verification.reason] };
  if (verification.outcome === 'unmined') return { kind: 'wait', progress: { amount: null, blockNumber: null, confirmations: 0 } };
  const units = weiToUnits(verification.amountWei);
  // Zero after truncation is below any minimum: there is nothing to credit.
  if (units === 0n || units < toUnits(config.rechargeMinimums[asset])) return { kind: 'refuse', code: 'DEPOSIT_BELOW_MINIMUM' };
  const progress = { amount: fromUnits(units), blockNumber: Number(verification.blockNumber), confirmations: verification.confirmations };
  return verification.confirmations >= config.depositConfirmations ? { kind: 'credit', progress } : { kind: 'wait', progress };
}

async function verify(ctx: DepositContext, chain: ChainClient, asset: DepositAsset, txHash: string, account: string) {
  const { depositAddress, tokenContracts } = ctx.config.chain!;
  try {
    return await verifyTokenTransfer(chain, { txHash: txHash as Hash, token: tokenContracts[asset], from: account as Address, to: depositAddress });
  } catch (error) {
    ctx.log.warn({ err: error, txHash }, 'deposit check: RPC call failed');
    throw new ChainUnreachable();
  }
}

/** One journal entry: `units` of the deposit's asset from `chain_in` to its owner, and its event. */
async function postDeposit(tx: Transaction, row: repo.DepositRow, units: bigint, memo: string, actorId: number) {
  const asset = row.asset as DepositAsset;
  const posted = await postEntry(tx, {
    kind: 'deposit',
    memo,
    actorId,
    postings: [
      { account: { system: 'chain_in', asset }, amount: -units, kind: 'deposit' },
      { account: { userId: row.userId, asset }, amount: units, kind: 'deposit' },
    ],
  });
  const method = row.method as RechargeMode;
  await recordEvent(tx, {
    type: 'deposit.credited',
    user_id: row.userId,
    deposit_id: row.id,
    asset,
    amount: fromUnits(units),
    method,
    reviewer_id: method === 'review' ? actorId : null,
    entry_id: posted.entryId,
  });
  return posted;
}

async function credit(tx: Transaction, row: repo.DepositRow, progress: repo.Progress & { amount: string }) {
  const posted = await postDeposit(tx, row, toUnits(progress.amount), row.txHash!, row.userId);
  return repo.markCredited(tx, row.id, { ...progress, entryId: posted.entryId });
}

function view(row: repo.DepositRow, config: Config): Deposit {
  return {
    id: row.id,
    asset: row.asset as DepositAsset,
    method: row.method as RechargeMode,
    tx_hash: row.txHash,
    voucher_image: row.voucherImage as Deposit['voucher_image'],
    amount: row.amount,
    status: row.status as DepositStatus,
    failure: row.failure as ErrorCode | null,
    reason: row.reason,
    confirmations: row.confirmations,
    required_confirmations: config.depositConfirmations,
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    credited_at: row.creditedAt?.toISOString() ?? null,
  };
}

function adminView(row: repo.DepositWithAccount, config: Config): AdminDeposit {
  return { ...view(row, config), uid: row.userId, account: getAddress(row.account), reviewed_by: row.reviewedBy };
}

export function rechargeModeOf(config: Config): RechargeMode {
  return config.chain ? 'chain' : 'review';
}

/**
 * What the recharge page needs first: which body to send, the minimums, and where to send the transfer — in
 * review mode too (decision 042), where the user pays by hand and then submits the voucher.
 */
export function rechargeRules(config: Config) {
  return {
    mode: rechargeModeOf(config),
    minimums: { usdt: fromUnits(toUnits(config.rechargeMinimums.usdt)), coin: fromUnits(toUnits(config.rechargeMinimums.coin)) },
    deposit_address: config.depositAddress ? getAddress(config.depositAddress) : null,
    required_confirmations: config.depositConfirmations,
  };
}

const HASH_VOUCHER_RE = /^0x[0-9a-fA-F]{64}$/;

/**
 * Review mode: stores `{amount, voucher}` as a request in `review`; no money moves. Refused when an RPC is
 * configured (the chain verifies instead), below the minimum, with a voucher that is neither a hash nor an image
 * the same user uploaded, or with a voucher already used (a hash ever; an image by a request not rejected).
 */
export async function submitReview(
  db: Database,
  config: Config,
  userId: number,
  asset: DepositAsset,
  input: { amount: string; voucher: string },
): Promise<Deposit> {
  if (config.chain) throw new DomainError('DEPOSIT_REVIEW_UNAVAILABLE');
  const units = toUnits(input.amount);
  const minimum = toUnits(config.rechargeMinimums[asset]);
  if (units < minimum) throw new DomainError('DEPOSIT_BELOW_MINIMUM', { minimum: fromUnits(minimum) });

  let voucher: { txHash: string; voucherImage: null } | { txHash: null; voucherImage: string };
  if (HASH_VOUCHER_RE.test(input.voucher)) {
    voucher = { txHash: input.voucher.toLowerCase(), voucherImage: null };
    if (await repo.findByHash(db, voucher.txHash)) throw new DomainError('DEPOSIT_ALREADY_SUBMITTED');
  } else {
    const upload = await findUploadByAddress(db, input.voucher, userId);
    if (!upload) throw new DomainError('DEPOSIT_VOUCHER_INVALID');
    voucher = { txHash: null, voucherImage: input.voucher };
    if (await repo.findByVoucherImage(db, voucher.voucherImage)) throw new DomainError('DEPOSIT_ALREADY_SUBMITTED');
    // Before the request is recorded, so a submitted voucher is never readable by address alone.
    await restrictToOwner(db, voucher.voucherImage, userId);
  }
  // The checks above answer the common case without a write; the unique indexes settle concurrent ones.
  const row = await repo.insertReview(db, { userId, asset, method: 'review', status: 'review', amount: fromUnits(units), ...voucher });
  if (!row) throw new DomainError('DEPOSIT_ALREADY_SUBMITTED');
  return view(row, config);
}

/** Claims a transfer for the signed-in user: refused, recorded as pending, or credited at once if confirmed. */
export async function submitDeposit(ctx: DepositContext, user: { id: number; account: string }, asset: DepositAsset, txHash: string): Promise<Deposit> {
  const { db, config, chain } = ctx;
  if (!config.chain || !chain) throw new DomainError('DEPOSITS_UNAVAILABLE');
  const hash = txHash.toLowerCase();
  // A claimed hash needs no RPC round trip; the unique index below settles the concurrent case.
  if (await repo.findByHash(db, hash)) throw new DomainError('DEPOSIT_ALREADY_SUBMITTED');

  const verification = await readChainForClaim(() => verify(ctx, chain, asset, hash, user.account));
  const decision = decide(verification, asset, config);
  if (decision.kind === 'refuse') {
    const details = decision.code === 'DEPOSIT_BELOW_MINIMUM' ? { minimum: fromUnits(toUnits(config.rechargeMinimums[asset])) } : {};
    throw new DomainError(decision.code, details);
  }

  const row = await db.transaction(async (tx) => {
    const inserted = await repo.insertDeposit(tx, { userId: user.id, asset, txHash: hash, ...decision.progress });
    if (!inserted) throw new DomainError('DEPOSIT_ALREADY_SUBMITTED');
    return decision.kind === 'credit' ? credit(tx, inserted, decision.progress) : inserted;
  });
  return view(row, config);
}

export async function listOwnDeposits(db: Database, config: Config, userId: number, page: number, limit: number) {
  const { list, total } = await repo.listForUser(db, userId, limit, (page - 1) * limit);
  return { list: list.map((row) => view(row, config)), page, limit, total };
}

/**
 * One pass of the watcher: re-checks every pending deposit on chain (oldest first), records its progress,
 * credits the confirmed ones and fails the ones the chain now refuses. Safe to run concurrently with
 * itself and with submissions: crediting happens only under the row lock of a still-pending row.
 */
export async function creditConfirmedDeposits(ctx: DepositContext, now = clock.now()): Promise<WatchPass> {
  const { db, config, chain } = ctx;
  if (!config.chain || !chain) return { credited: 0, failed: 0, pending: 0 };
  return watchPending(
    db,
    repo,
    async (row) => decide(await verify(ctx, chain, row.asset as DepositAsset, row.txHash!, row.account), row.asset as DepositAsset, config),
    credit,
    now,
  );
}

export async function listForReview(
  db: Database,
  config: Config,
  status: DepositStatus | undefined,
  page: number,
  limit: number,
  sort?: Parameters<typeof repo.listForReview>[4],
) {
  const { list, total } = await repo.listForReview(db, status, limit, (page - 1) * limit, sort);
  return { list: list.map((row) => adminView(row, config)), page, limit, total };
}

type ReviewDecision = { status: 'credited' } | { status: 'rejected'; reason: string };

/**
 * Settles a review request once: the operator holds the row lock and re-reads the status, so of two approvals
 * (or an approval racing a rejection) exactly one acts and the others are refused with DEPOSIT_NOT_IN_REVIEW.
 */
async function settleReview(
  db: Database,
  config: Config,
  operatorId: number,
  id: number,
  decision: ReviewDecision,
  idempotencyKey: string | undefined,
  now: Date,
): Promise<AdminDeposit> {
  return runIdempotent(db, { userId: operatorId, key: idempotencyKey, request: ['deposit_review', id, decision] }, async (tx) => {
    const row = await repo.lockForReview(tx, id);
    if (!row) throw new DomainError('NOT_FOUND');
    if (row.status !== 'review') throw new DomainError('DEPOSIT_NOT_IN_REVIEW', { status: row.status });
    let outcome: repo.ReviewOutcome;
    if (decision.status === 'credited') {
      const posted = await postDeposit(tx, row, toUnits(row.amount!), `deposit ${id} reviewed`, operatorId);
      outcome = { status: 'credited', entryId: posted.entryId };
    } else {
      outcome = decision;
    }
    const updated = await repo.markReviewed(tx, id, outcome, operatorId, now);
    if (!updated) throw new Error(`deposit ${id} left review under its row lock`);
    return adminView({ ...updated, account: row.account }, config);
  });
}

/**
 * The deposit as an operator saw it before a review, locked for the review that follows in the same transaction:
 * the audit row's `before`, so the log reads `status: review → credited` rather than the whole record (issue 25 §15).
 */
export async function beforeReview(tx: Transaction, config: Config, id: number): Promise<AdminDeposit | null> {
  const row = await repo.lockForReview(tx, id);
  return row ? adminView(row, config) : null;
}

export function approveReview(db: Database, config: Config, operatorId: number, id: number, idempotencyKey?: string, now = clock.now()) {
  return settleReview(db, config, operatorId, id, { status: 'credited' }, idempotencyKey, now);
}

export function rejectReview(db: Database, config: Config, operatorId: number, id: number, reason: string, idempotencyKey?: string, now = clock.now()) {
  return settleReview(db, config, operatorId, id, { status: 'rejected', reason }, idempotencyKey, now);
}
