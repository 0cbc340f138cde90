/**
 * Withdrawals to the user's own wallet, reviewed by an operator who pays out on chain and records the hash.
 *
 * Requesting one moves amount + fee from the user to `pending_withdrawal` in the same transaction as the
 * withdrawal row, so the money cannot be spent twice while it waits. Approving moves the amount to
 * `withdrawn` (it has left the platform) and the fee to `fees`; rejecting returns amount + fee to the user.
 * Either happens once: the reviewer holds the withdrawal's row lock and re-reads its status.
 *
 * With a hot wallet configured (HOT_WALLET_KEY), an approval without a hash pays in three steps (decision 019):
 * commit `paying` (under the row lock: of two operators approving at once, one gets there and the other is
 * refused), send the transfer with no lock held, then commit `approved` with the hash. A row in `paying` is never
 * sent again by an approval: if the send failed before anything was broadcast it goes back to `pending`
 * (`payout_failure`); if the outcome is unknown, or the final commit fails, it stays `paying` and an operator
 * resolves it after checking the chain (`resolvePayout`).
 */
import { getAddress, type Address } from 'viem';
import { MIN_WITHDRAWAL_EXCLUSIVE, fromUnits, toUnits, type AdminWithdrawal, type Withdrawal, type WithdrawalAsset } from '@reef/contract';
import type { Config } from '../../config.js';
import type { Database, Transaction } from '../../db/client.js';
import { DomainError } from '../../core/errors.js';
import { PayoutNotSentError, PayoutOutcomeUnknownError, type HotWallet } from '../chain/hot-wallet.js';
import { unitsToWei } from '../chain/token-transfer.js';
import { recordEvent } from '../events/events.service.js';
import { runIdempotent } from '../idempotency/idempotency.service.js';
import { balanceKey, balancesOf, postEntry, type PostingInput } from '../ledger/ledger.service.js';
import { verifyPayPassword } from '../security/security.service.js';
import * as repo from './withdrawals.repository.js';
import * as clock from '../../core/clock.js';

const MIN_EXCLUSIVE = toUnits(MIN_WITHDRAWAL_EXCLUSIVE);

function userView(row: repo.WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    asset: row.asset as WithdrawalAsset,
    amount: row.amount,
    fee: row.fee,
    to_address: getAddress(row.toAddress),
    status: row.status as Withdrawal['status'],
    tx_hash: row.txHash,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
  };
}

function adminView(row: repo.WithdrawalWithAccount): AdminWithdrawal {
  return {
    ...userView(row),
    uid: row.userId,
    account: getAddress(row.account),
    reviewed_by: row.reviewedBy,
    paying_by: row.payingBy,
    paying_since: row.payingSince?.toISOString() ?? null,
    payout_failure: row.payoutFailure,
  };
}

/** What the confirmation screen shows: the minimum (exclusive), the fee and what the user holds. */
export async function withdrawalRules(db: Database, config: Config, userId: number, asset: WithdrawalAsset) {
  const balances = await balancesOf(db, userId);
  return {
    asset,
    min_exclusive: fromUnits(MIN_EXCLUSIVE),
    fee: fromUnits(toUnits(config.withdrawFees[asset])),
    balance: balances.get(asset) ?? fromUnits(0n),
  };
}

export interface WithdrawInput {
  amount: string;
  password: string;
}

export async function requestWithdrawal(
  db: Database,
  config: Config,
  user: { id: number; account: string },
  asset: WithdrawalAsset,
  input: WithdrawInput,
  idempotencyKey: string | undefined,
) {
  const amount = toUnits(input.amount);
  if (amount <= MIN_EXCLUSIVE) throw new DomainError('WITHDRAWAL_AMOUNT_TOO_SMALL', { min_exclusive: fromUnits(MIN_EXCLUSIVE) });
  const fee = toUnits(config.withdrawFees[asset]);
  // Checked on every call, a replay included: the key alone must not stand in for the password.
  await verifyPayPassword(db, config.payPassword.pepper, user.id, input.password);
  // The password stays out of the digest: a six-digit secret under a fast hash would be readable from the table.
  const request = ['withdraw', asset, input.amount];
  return runIdempotent(db, { userId: user.id, key: idempotencyKey, request }, async (tx) => {
    const toAddress = user.account.toLowerCase();
    const postings: PostingInput[] = [
      { account: { userId: user.id, asset }, amount: -amount, kind: 'withdrawal', memo: toAddress },
      { account: { system: 'pending_withdrawal', asset }, amount, kind: 'withdrawal' },
    ];
    if (fee > 0n) {
      postings.push(
        { account: { userId: user.id, asset }, amount: -fee, kind: 'withdrawal_fee', memo: toAddress },
        { account: { system: 'pending_withdrawal', asset }, amount: fee, kind: 'withdrawal_fee' },
      );
    }
    const posted = await postEntry(tx, { kind: 'withdrawal', actorId: user.id, memo: toAddress, postings });
    const row = await repo.insertWithdrawal(tx, {
      userId: user.id,
      asset,
      amount: fromUnits(amount),
      fee: fromUnits(fee),
      toAddress,
      entryId: posted.entryId,
    });
    await recordEvent(tx, {
      type: 'withdrawal.requested',
      user_id: user.id,
      withdrawal_id: row.id,
      asset,
      amount: fromUnits(amount),
      fee: fromUnits(fee),
      entry_id: posted.entryId,
    });
    return { ...userView(row), balance: posted.userBalances.get(balanceKey(user.id, asset))! };
  });
}

export async function listOwn(db: Database, userId: number, page: number, limit: number) {
  const { list, total } = await repo.listForUser(db, userId, limit, (page - 1) * limit);
  return { list: list.map(userView), total, page, limit };
}

export async function getOwn(db: Database, userId: number, id: number) {
  const row = await repo.findForUser(db, userId, id);
  if (!row) throw new DomainError('NOT_FOUND');
  return userView(row);
}

export async function listForReview(
  db: Database,
  status: Withdrawal['status'] | undefined,
  page: number,
  limit: number,
  sort?: Parameters<typeof repo.listForReview>[4],
) {
  const { list, total } = await repo.listForReview(db, status, limit, (page - 1) * limit, sort);
  return { list: list.map(adminView), total, page, limit };
}

/** Sends payouts from the hot wallet; null when none is configured. */
export interface Payer {
  wallet: HotWallet;
  /** Token contract per asset. */
  tokens: Record<WithdrawalAsset, Address>;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
}

type Settlement = repo.Review;

/** Posts the entry that takes the held amount + fee out of `pending_withdrawal` and records the outcome. */
async function settle(tx: Transaction, row: repo.WithdrawalWithAccount, settled: Settlement, operatorId: number, now: Date, from: 'pending' | 'paying') {
  const asset = row.asset as WithdrawalAsset;
  const amount = toUnits(row.amount);
  const fee = toUnits(row.fee);
  const held = { system: 'pending_withdrawal' as const, asset };
  const postings: PostingInput[] =
    settled.status === 'approved'
      ? [
          { account: held, amount: -(amount + fee), kind: 'withdrawal' },
          { account: { system: 'withdrawn', asset }, amount, kind: 'withdrawal', memo: settled.txHash },
          ...(fee > 0n ? [{ account: { system: 'fees' as const, asset }, amount: fee, kind: 'withdrawal_fee' as const }] : []),
        ]
      : [
          { account: held, amount: -(amount + fee), kind: 'withdrawal_refund' },
          { account: { userId: row.userId, asset }, amount: amount + fee, kind: 'withdrawal_refund', memo: settled.reason },
        ];
  const posted = await postEntry(tx, {
    kind: settled.status === 'approved' ? 'withdrawal_payout' : 'withdrawal_refund',
    actorId: operatorId,
    memo: `withdrawal ${row.id}`,
    postings,
  });
  const updated = await repo.markReviewed(tx, row.id, { ...settled, settleEntryId: posted.entryId, reviewedBy: operatorId, reviewedAt: now }, from);
  if (!updated) throw new Error(`withdrawal ${row.id} left ${from} under its row lock`);
  const about = { user_id: row.userId, withdrawal_id: row.id, operator_id: operatorId, asset, entry_id: posted.entryId };
  await recordEvent(
    tx,
    settled.status === 'approved'
      ? { type: 'withdrawal.paid', ...about, amount: fromUnits(amount), fee: fromUnits(fee), tx_hash: settled.txHash }
      : { type: 'withdrawal.rejected', ...about, refunded: fromUnits(amount + fee) },
  );
  return adminView({ ...updated, account: row.account });
}

/**
 * The withdrawal as an operator saw it before a review, locked for the review that follows in the same transaction:
 * the audit row's `before`, so the log reads `status: pending → approved` rather than the whole record (issue 25 §15).
 */
export async function beforeReview(tx: Transaction, id: number): Promise<AdminWithdrawal | null> {
  const row = await repo.lockForReview(tx, id);
  return row ? adminView(row) : null;
}

/** Locks a withdrawal that must still be pending; a paying one is refused apart, so nobody retries a payout. */
async function lockPending(tx: Transaction, id: number) {
  const row = await repo.lockForReview(tx, id);
  if (!row) throw new DomainError('NOT_FOUND');
  if (row.status === 'paying') throw new DomainError('WITHDRAWAL_PAYING');
  if (row.status !== 'pending') throw new DomainError('WITHDRAWAL_NOT_PENDING', { status: row.status });
  return row;
}

/** An operator's decision with nothing to send: a payout made elsewhere (its hash), or a refund. */
function review(db: Database, operatorId: number, id: number, settled: Settlement, idempotencyKey: string | undefined, now: Date) {
  return runIdempotent(db, { userId: operatorId, key: idempotencyKey, request: ['withdrawal_review', id, settled] }, async (tx) =>
    settle(tx, await lockPending(tx, id), settled, operatorId, now, 'pending'),
  );
}

/** Runs `work` in a transaction that commits on its own; the admin route's runs it with an audit row (decision 093). */
export type InTransaction = <T>(work: (tx: Transaction) => Promise<T>) => Promise<T>;

/** A withdrawal committed `paying`, ready to be sent. */
export type PayingWithdrawal = repo.WithdrawalWithAccount;

/**
 * Step one of a hot-wallet payout, in the caller's transaction: the pending row goes `paying` under its lock. The
 * Idempotency-Key is not used here: the `paying` state is what stops a repeat, and a key checked only after the
 * send could refuse an approval whose money already left.
 */
export async function startPayout(db: Database, operatorId: number, id: number, payer: Payer | null, now = clock.now()): Promise<PayingWithdrawal> {
  return db.transaction(async (tx) => {
    const locked = await lockPending(tx, id);
    if (!payer) throw new DomainError('PAYOUT_HASH_REQUIRED');
    const paying = await repo.markPaying(tx, id, operatorId, now);
    if (!paying) throw new Error(`withdrawal ${id} left pending under its row lock`);
    return { ...paying, account: locked.account };
  });
}

export const payingView = (row: PayingWithdrawal): AdminWithdrawal => adminView(row);

/**
 * Steps two and three, once `paying` committed: the transfer is sent with no transaction open (a chain call must
 * never hold a row lock), then the approval is committed with its hash through `inTransaction`. A send that
 * certainly did not leave puts the row back to pending; an unknown outcome leaves it paying for `resolvePayout`.
 */
export async function completePayout(row: PayingWithdrawal, operatorId: number, payer: Payer, inTransaction: InTransaction, now = clock.now()) {
  const id = row.id;
  const asset = row.asset as WithdrawalAsset;
  let hash: string;
  try {
    hash = (await payer.wallet.sendTokenTransfer(payer.tokens[asset], getAddress(row.toAddress), unitsToWei(toUnits(row.amount)))).toLowerCase();
  } catch (error) {
    if (error instanceof PayoutNotSentError) {
      payer.log.warn({ err: error, withdrawalId: id }, 'hot-wallet payout not sent; the withdrawal goes back to pending');
      const released = await inTransaction((tx) => repo.releasePaying(tx, id, error.message)).catch((releaseError: unknown) => {
        payer.log.error({ err: releaseError, withdrawalId: id }, 'payout not sent, but the withdrawal could not go back to pending: it stays paying');
      });
      if (released) throw new DomainError('PAYOUT_FAILED');
    } else {
      const sentHash = error instanceof PayoutOutcomeUnknownError ? error.hash : null;
      payer.log.error({ err: error, withdrawalId: id, txHash: sentHash }, 'payout outcome unknown: the withdrawal stays paying until an operator resolves it');
    }
    throw new DomainError('PAYOUT_FAILED', { status: 'paying' });
  }

  try {
    return await inTransaction(async (tx) => {
      const locked = await repo.lockForReview(tx, id);
      if (locked?.status !== 'paying') throw new Error(`withdrawal ${id} is ${locked?.status ?? 'gone'} while its payout was being sent`);
      return settle(tx, locked, { status: 'approved', txHash: hash }, operatorId, now, 'paying');
    });
  } catch (error) {
    // The money has left; only the record is missing. The row stays paying, so no approval can pay again.
    payer.log.error(
      { err: error, withdrawalId: id, txHash: hash },
      'payout sent but the approval was not recorded: resolve the paying withdrawal with this hash',
    );
    throw error;
  }
}

/** Approves a pending withdrawal whose payout the operator sent elsewhere (its hash, stored lower-case). */
export function approve(db: Database, operatorId: number, id: number, txHash: string, idempotencyKey?: string, now = clock.now()) {
  return review(db, operatorId, id, { status: 'approved', txHash: txHash.toLowerCase() }, idempotencyKey, now);
}

export function reject(db: Database, operatorId: number, id: number, reason: string, idempotencyKey?: string, now = clock.now()) {
  return review(db, operatorId, id, { status: 'rejected', reason }, idempotencyKey, now);
}

export type PayoutResolution = { outcome: 'paid'; tx_hash: string } | { outcome: 'pending' };

/**
 * An operator settles a withdrawal left `paying`, after checking the chain: 'paid' records the payout's hash
 * (approved, the held amount leaves the books), 'pending' puts it back in the queue (only when the transfer is
 * known not to have been mined; approving it again sends a new one).
 */
export function resolvePayout(db: Database, operatorId: number, id: number, resolution: PayoutResolution, idempotencyKey?: string, now = clock.now()) {
  return runIdempotent(db, { userId: operatorId, key: idempotencyKey, request: ['withdrawal_resolve', id, resolution] }, async (tx) => {
    const row = await repo.lockForReview(tx, id);
    if (!row) throw new DomainError('NOT_FOUND');
    if (row.status !== 'paying') throw new DomainError('WITHDRAWAL_NOT_PAYING', { status: row.status });
    if (resolution.outcome === 'paid') {
      return settle(tx, row, { status: 'approved', txHash: resolution.tx_hash.toLowerCase() }, operatorId, now, 'paying');
    }
    const released = await repo.releasePaying(tx, id, null);
    if (!released) throw new Error(`withdrawal ${id} left paying under its row lock`);
    return adminView({ ...released, account: row.account });
  });
}
