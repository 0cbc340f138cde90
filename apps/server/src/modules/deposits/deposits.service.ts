/**
 * On-chain deposits: the wallet sends an ERC-20 `transfer` to the platform's deposit address and the app
 * submits the transaction hash. The chain is the only witness: the receipt must show the configured token
 * moving from the user's own wallet to the deposit address, and enough blocks must follow it.
 *
 * A hash is claimed once (unique index); the claim records `pending` until the transfer has
 * DEPOSIT_CONFIRMATIONS blocks, and is credited by whoever first sees it confirmed — the submitting request
 * or the watcher — under the row's lock, as one journal entry from `chain_in` to the user.
 */
import type { Address, Hash } from 'viem';
import { fromUnits, toUnits, type Deposit, type DepositAsset, type ErrorCode } from '@reef/contract';
import type { Config } from '../../config.js';
import type { Database, Transaction } from '../../db/client.js';
import { DomainError } from '../../plugins/errors.js';
import type { ChainClient } from '../chain/chain-client.js';
import { verifyTokenTransfer, weiToUnits, type TransferRefusal, type TransferVerification } from '../chain/token-transfer.js';
import { postEntry } from '../ledger/ledger.service.js';
import * as repo from './deposits.repository.js';

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

/**
 * A pending deposit whose transaction the node no longer knows (dropped from the mempool, or its block
 * replaced) is given this long to reappear before it fails.
 */
export const VANISHED_GRACE_MS = 60 * 60_000;
const WATCH_BATCH = 100;

type Decision =
  | { kind: 'refuse'; code: ErrorCode }
  | { kind: 'wait'; progress: repo.Progress }
  | { kind: 'credit'; progress: repo.Progress & { amount: string } };

function decide(verification: TransferVerification, asset: DepositAsset, config: Config): Decision {
  if (verification.outcome === 'refused') return { kind: 'refuse', code: REFUSALS[verification.reason] };
  if (verification.outcome === 'unmined') return { kind: 'wait', progress: { amount: null, blockNumber: null, confirmations: 0 } };
  const units = weiToUnits(verification.amountWei);
  // Zero after truncation is below any minimum: there is nothing to credit.
  if (units === 0n || units < toUnits(config.rechargeMinimums[asset])) return { kind: 'refuse', code: 'DEPOSIT_BELOW_MINIMUM' };
  const progress = { amount: fromUnits(units), blockNumber: Number(verification.blockNumber), confirmations: verification.confirmations };
  return verification.confirmations >= config.depositConfirmations ? { kind: 'credit', progress } : { kind: 'wait', progress };
}

class ChainUnreachable extends Error {}

async function verify(ctx: DepositContext, chain: ChainClient, asset: DepositAsset, txHash: string, account: string) {
  const { depositAddress, tokenContracts } = ctx.config.chain!;
  try {
    return await verifyTokenTransfer(chain, { txHash: txHash as Hash, token: tokenContracts[asset], from: account as Address, to: depositAddress });
  } catch (error) {
    ctx.log.warn({ err: error, txHash }, 'deposit check: RPC call failed');
    throw new ChainUnreachable();
  }
}

async function credit(tx: Transaction, row: repo.DepositRow, progress: repo.Progress & { amount: string }) {
  const asset = row.asset as DepositAsset;
  const units = toUnits(progress.amount);
  const posted = await postEntry(tx, {
    kind: 'deposit',
    memo: row.txHash,
    actorId: row.userId,
    postings: [
      { account: { system: 'chain_in', asset }, amount: -units, kind: 'deposit' },
      { account: { userId: row.userId, asset }, amount: units, kind: 'deposit' },
    ],
  });
  return repo.markCredited(tx, row.id, { ...progress, entryId: posted.entryId });
}

function view(row: repo.DepositRow, config: Config): Deposit {
  return {
    id: row.id,
    asset: row.asset as DepositAsset,
    tx_hash: row.txHash,
    amount: row.amount,
    status: row.status as Deposit['status'],
    failure: row.failure as ErrorCode | null,
    confirmations: row.confirmations,
    required_confirmations: config.depositConfirmations,
    created_at: row.createdAt.toISOString(),
    credited_at: row.creditedAt?.toISOString() ?? null,
  };
}

/** Claims a transfer for the signed-in user: refused, recorded as pending, or credited at once if confirmed. */
export async function submitDeposit(ctx: DepositContext, user: { id: number; account: string }, asset: DepositAsset, txHash: string): Promise<Deposit> {
  const { db, config, chain } = ctx;
  if (!config.chain || !chain) throw new DomainError('DEPOSITS_UNAVAILABLE');
  const hash = txHash.toLowerCase();
  // A claimed hash needs no RPC round trip; the unique index below settles the concurrent case.
  if (await repo.findByHash(db, hash)) throw new DomainError('DEPOSIT_ALREADY_SUBMITTED');

  let verification: TransferVerification;
  try {
    verification = await verify(ctx, chain, asset, hash, user.account);
  } catch (error) {
    if (error instanceof ChainUnreachable) throw new DomainError('DEPOSITS_UNAVAILABLE');
    throw error;
  }
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

export interface WatchPass {
  credited: number;
  failed: number;
  pending: number;
}

/**
 * One pass of the watcher: re-checks every pending deposit on chain (oldest first), records its progress,
 * credits the confirmed ones and fails the ones the chain now refuses. Safe to run concurrently with
 * itself and with submissions: crediting happens only under the row lock of a still-pending row.
 */
export async function creditConfirmedDeposits(ctx: DepositContext, now = new Date()): Promise<WatchPass> {
  const pass: WatchPass = { credited: 0, failed: 0, pending: 0 };
  const { db, config, chain } = ctx;
  if (!config.chain || !chain) return pass;
  for (const row of await repo.pendingBatch(db, WATCH_BATCH)) {
    let decision: Decision;
    try {
      decision = decide(await verify(ctx, chain, row.asset as DepositAsset, row.txHash, row.account), row.asset as DepositAsset, config);
    } catch (error) {
      if (!(error instanceof ChainUnreachable)) throw error;
      pass.pending++;
      continue;
    }
    if (decision.kind === 'refuse') {
      if (decision.code === 'DEPOSIT_TX_NOT_FOUND' && now.getTime() - row.createdAt.getTime() < VANISHED_GRACE_MS) {
        pass.pending++;
      } else {
        await repo.markFailed(db, row.id, decision.code);
        pass.failed++;
      }
    } else if (decision.kind === 'wait') {
      await repo.recordProgress(db, row.id, decision.progress);
      pass.pending++;
    } else {
      const progress = decision.progress;
      const credited = await db.transaction(async (tx) => {
        const locked = await repo.lockPending(tx, row.id);
        if (!locked) return false;
        await credit(tx, locked, progress);
        return true;
      });
      if (credited) pass.credited++;
    }
  }
  return pass;
}
