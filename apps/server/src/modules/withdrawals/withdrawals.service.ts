/**
 * Withdrawals to the user's own wallet, reviewed by an operator who pays out on chain and records the hash.
 *
 * Requesting one moves amount + fee from the user to `pending_withdrawal` in the same transaction as the
 * withdrawal row, so the money cannot be spent twice while it waits. Approving moves the amount to
 * `withdrawn` (it has left the platform) and the fee to `fees`; rejecting returns amount + fee to the user.
 * Either happens once: the reviewer holds the withdrawal's row lock and re-reads its status.
 *
 * With a hot wallet configured (HOT_WALLET_KEY), an approval without a hash sends the ERC-20 transfer
 * itself while holding that row lock, so a second operator approving at the same moment waits and then
 * finds the withdrawal settled: one transfer. A send that fails rolls everything back (still pending).
 */
import { getAddress, type Address } from 'viem';
import {
  MIN_WITHDRAWAL_EXCLUSIVE,
  fromUnits,
  toUnits,
  type AdminWithdrawal,
  type Withdrawal,
  type WithdrawalAsset,
} from '@reef/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { DomainError } from '../../plugins/errors.js';
import type { HotWallet } from '../chain/hot-wallet.js';
import { unitsToWei } from '../chain/token-transfer.js';
import { runIdempotent } from '../idempotency/idempotency.service.js';
import { balanceKey, balancesOf, postEntry, type PostingInput } from '../ledger/ledger.service.js';
import { verifyPayPassword } from '../security/security.service.js';
import * as repo from './withdrawals.repository.js';

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
  return { ...userView(row), uid: row.userId, account: getAddress(row.account), reviewed_by: row.reviewedBy };
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
  await verifyPayPassword(db, user.id, input.password);
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

export async function listForReview(db: Database, status: Withdrawal['status'] | undefined, page: number, limit: number) {
  const { list, total } = await repo.listForReview(db, status, limit, (page - 1) * limit);
  return { list: list.map(adminView), total, page, limit };
}

/** Sends payouts from the hot wallet; null when none is configured. */
export interface Payer {
  wallet: HotWallet;
  /** Token contract per asset. */
  tokens: Record<WithdrawalAsset, Address>;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
}

/** `txHash` null: the hot wallet pays, under the row lock, and its hash is recorded. */
type Decision = { status: 'approved'; txHash: string | null } | { status: 'rejected'; reason: string };

async function review(
  db: Database,
  operatorId: number,
  id: number,
  decision: Decision,
  idempotencyKey: string | undefined,
  now: Date,
  payer: Payer | null = null,
) {
  const request = ['withdrawal_review', id, decision];
  let sentHash: string | null = null;
  try {
    return await runIdempotent(db, { userId: operatorId, key: idempotencyKey, request }, async (tx) => {
      const row = await repo.lockForReview(tx, id);
      if (!row) throw new DomainError('NOT_FOUND');
      if (row.status !== 'pending') throw new DomainError('WITHDRAWAL_NOT_PENDING', { status: row.status });
      const asset = row.asset as WithdrawalAsset;
      const amount = toUnits(row.amount);
      const fee = toUnits(row.fee);
      let settled: repo.Review;
      if (decision.status === 'approved' && decision.txHash === null) {
        if (!payer) throw new DomainError('PAYOUT_HASH_REQUIRED');
        sentHash = await pay(payer, id, asset, getAddress(row.toAddress), amount);
        settled = { status: 'approved', txHash: sentHash };
      } else {
        settled = decision.status === 'approved' ? { status: 'approved', txHash: decision.txHash! } : decision;
      }
      const held = { system: 'pending_withdrawal' as const, asset };
      const postings: PostingInput[] =
        settled.status === 'approved'
          ? [
              { account: held, amount: -(amount + fee), kind: 'withdrawal' },
              { account: { system: 'withdrawn', asset }, amount, kind: 'withdrawal', memo: settled.txHash },
              ...(fee > 0n ? [{ account: { system: 'fees' as const, asset }, amount: fee, kind: 'withdrawal_fee' }] : []),
            ]
          : [
              { account: held, amount: -(amount + fee), kind: 'withdrawal_refund' },
              { account: { userId: row.userId, asset }, amount: amount + fee, kind: 'withdrawal_refund', memo: settled.reason },
            ];
      const posted = await postEntry(tx, {
        kind: settled.status === 'approved' ? 'withdrawal_payout' : 'withdrawal_refund',
        actorId: operatorId,
        memo: `withdrawal ${id}`,
        postings,
      });
      const updated = await repo.markReviewed(tx, id, { ...settled, settleEntryId: posted.entryId, reviewedBy: operatorId, reviewedAt: now });
      if (!updated) throw new Error(`withdrawal ${id} left pending under its row lock`);
      return adminView({ ...updated, account: row.account });
    });
  } catch (error) {
    // The transfer is on its way but the approval did not commit: the withdrawal still reads pending, and
    // approving it again would pay twice. Operators must see this.
    if (sentHash !== null) payer?.log.error({ err: error, withdrawalId: id, txHash: sentHash }, 'payout sent but the approval was not recorded');
    throw error;
  }
}

async function pay(payer: Payer, id: number, asset: WithdrawalAsset, to: Address, amount: bigint): Promise<string> {
  try {
    const hash = await payer.wallet.sendTokenTransfer(payer.tokens[asset], to, unitsToWei(amount));
    return hash.toLowerCase();
  } catch (error) {
    payer.log.warn({ err: error, withdrawalId: id }, 'hot-wallet payout failed');
    throw new DomainError('PAYOUT_FAILED');
  }
}

/**
 * Approves a pending withdrawal. With a hash, the operator has sent the payout (stored lower-case);
 * without one, the hot wallet sends it (PAYOUT_HASH_REQUIRED when there is none).
 */
export function approve(
  db: Database,
  operatorId: number,
  id: number,
  txHash: string | undefined,
  idempotencyKey?: string,
  now = new Date(),
  payer: Payer | null = null,
) {
  return review(db, operatorId, id, { status: 'approved', txHash: txHash?.toLowerCase() ?? null }, idempotencyKey, now, payer);
}

export function reject(db: Database, operatorId: number, id: number, reason: string, idempotencyKey?: string, now = new Date()) {
  return review(db, operatorId, id, { status: 'rejected', reason }, idempotencyKey, now);
}
