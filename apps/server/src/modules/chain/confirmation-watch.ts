/**
 * One pass of a confirmation watcher over pending on-chain payments (USDT/coin deposits, BNB charges).
 * Both follow the same rules, so a payment is failed, kept waiting or credited the same way whatever
 * it pays for: a transaction the node no longer knows gets VANISHED_GRACE_MS to reappear, an
 * unreachable node leaves the row for the next pass, and crediting is the caller's own transaction
 * under the row lock of a still-pending row (so passes may run side by side).
 */
import type { ErrorCode } from '@reef/contract';
import { DomainError } from '../../core/errors.js';
import type { Database, Executor, Transaction } from '../../db/client.js';

/** A pending payment whose transaction the node no longer knows (dropped from the mempool, or its block replaced). */
export const VANISHED_GRACE_MS = 60 * 60_000;
/** Rows read per pass; the rest wait for the next one. */
export const WATCH_BATCH = 100;

/** The node did not answer: nothing is decided, the payment stays pending. */
export class ChainUnreachable extends Error {}

/** A chain read on a user's request (a claim): an unreachable node is 'deposits unavailable' to the user. */
export async function readChainForClaim<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ChainUnreachable) throw new DomainError('DEPOSITS_UNAVAILABLE');
    throw error;
  }
}

/** `W`: what a waiting payment records (confirmations so far); `C`: what crediting needs (the amount too). */
export type WatchDecision<W, C = W> = { kind: 'refuse'; code: ErrorCode } | { kind: 'wait'; progress: W } | { kind: 'credit'; progress: C };

export interface WatchPass {
  credited: number;
  failed: number;
  pending: number;
}

export interface WatchSteps<R extends { id: number; createdAt: Date }, W, C = W> {
  /** Reads the chain; throws ChainUnreachable when the node cannot answer. */
  decide(row: R): Promise<WatchDecision<W, C>>;
  markFailed(row: R, code: ErrorCode): Promise<unknown>;
  recordProgress(row: R, progress: W): Promise<unknown>;
  /** Credits in one transaction under the row lock; false when the row is no longer pending (another pass won). */
  credit(row: R, progress: C): Promise<boolean>;
}

export async function runWatchPass<R extends { id: number; createdAt: Date }, W, C = W>(
  rows: readonly R[],
  steps: WatchSteps<R, W, C>,
  now: Date,
): Promise<WatchPass> {
  const pass: WatchPass = { credited: 0, failed: 0, pending: 0 };
  for (const row of rows) {
    let decision: WatchDecision<W, C>;
    try {
      decision = await steps.decide(row);
    } catch (error) {
      if (!(error instanceof ChainUnreachable)) throw error;
      pass.pending++;
      continue;
    }
    if (decision.kind === 'refuse') {
      if (decision.code === 'DEPOSIT_TX_NOT_FOUND' && now.getTime() - row.createdAt.getTime() < VANISHED_GRACE_MS) {
        pass.pending++;
      } else {
        await steps.markFailed(row, decision.code);
        pass.failed++;
      }
    } else if (decision.kind === 'wait') {
      await steps.recordProgress(row, decision.progress);
      pass.pending++;
    } else if (await steps.credit(row, decision.progress)) {
      pass.credited++;
    }
  }
  return pass;
}

/** The table of pending payments a watcher walks: its oldest pending rows, the row lock, and the two updates. */
export interface WatchedTable<R, L, W> {
  pendingBatch(db: Executor, limit: number): Promise<R[]>;
  /** The row itself, locked until the transaction ends, if it is still pending. */
  lockPending(db: Executor, id: number): Promise<L | undefined>;
  markFailed(db: Executor, id: number, failure: string): Promise<unknown>;
  recordProgress(db: Executor, id: number, progress: W): Promise<unknown>;
}

/**
 * One pass of a watcher over `table`: reads up to WATCH_BATCH pending rows and runs them through `runWatchPass`;
 * a confirmed row is credited in one transaction under its row lock (false, and not counted, when another pass
 * credited or failed it first).
 */
export async function watchPending<R extends { id: number; createdAt: Date }, L, W, C>(
  db: Database,
  table: WatchedTable<R, L, W>,
  decide: (row: R) => Promise<WatchDecision<W, C>>,
  credit: (tx: Transaction, locked: L, progress: C) => Promise<unknown>,
  now: Date,
): Promise<WatchPass> {
  return runWatchPass(
    await table.pendingBatch(db, WATCH_BATCH),
    {
      decide,
      markFailed: (row, code) => table.markFailed(db, row.id, code),
      recordProgress: (row, progress) => table.recordProgress(db, row.id, progress),
      credit: (row, progress) =>
        db.transaction(async (tx) => {
          const locked = await table.lockPending(tx, row.id);
          if (!locked) return false;
          await credit(tx, locked, progress);
          return true;
        }),
    },
    now,
  );
}
