/**
 * An operator's change and its audit row commit together or not at all (decision 093, superseding the "after the
 * change" part of 083). `runAuditedWrite` opens one transaction, lets the work make its change in it, writes the
 * audit row in the same transaction and commits; a crash, a failed audit insert or a refusal anywhere leaves
 * neither. The endpoint registrar runs every admin write through it; a stored action re-run later (a second
 * administrator's approval) goes through it the same way, with that administrator as the actor.
 *
 * What must not happen before the commit (a payout on chain, a broadcast to other processes, a job, a socket
 * frame, a cache drop) is handed to `afterCommit` and runs only once the transaction committed; nothing slow runs
 * inside, so the rows the change locks are held for the database's time only.
 */
import type { Database, Transaction } from '../../db/client.js';
import type { AuditNote } from './audit.service.js';
import * as repo from './audit.repository.js';

/** Who asked for the change and what they asked: the audit row's fixed part. */
export interface AuditedAction {
  actorId: number;
  actorAccount: string;
  ip: string;
  /** The contract's `METHOD /path`. */
  action: string;
  /** The path parameters. */
  target: unknown;
  /** The parsed body. */
  request: unknown;
}

/** A side effect that runs once the change committed, in registration order. */
export type AfterCommit = () => unknown;

/**
 * An answer that exists only after the commit: the hot-wallet payout commits `paying` with its audit row, then
 * sends and settles (decision 019), and the operator is answered with the settled withdrawal. The audit row's
 * `after` is then what the work set in its note (there is no answer yet when the row is written).
 */
export class AnswerAfterCommit<T> {
  constructor(readonly produce: () => Promise<T>) {}
}

export interface AuditedWork {
  /** The transaction the change and its audit row commit in; a service's own `transaction()` nests as a savepoint. */
  db: Transaction;
  /** The values the audit keeps: set `before` (and `after`, else the answer is kept). */
  audit: AuditNote;
  /** Runs `effect` once the transaction committed; never when it rolled back. */
  afterCommit(effect: AfterCommit): void;
  /** The action being audited, for a continuation that commits a later change under the same request. */
  action: AuditedAction;
}

/**
 * Runs `work` and the audit row in one transaction. The answer (or the `AnswerAfterCommit`'s) is returned after
 * the commit and every after-commit effect: an effect that fails still lets the others run, then its error is the
 * caller's (the change stays committed and audited; the operator sees that the follow-up failed).
 */
export async function runAuditedWrite<T>(db: Database, action: AuditedAction, work: (w: AuditedWork) => Promise<T | AnswerAfterCommit<T>>): Promise<T> {
  const effects: AfterCommit[] = [];
  const outcome = await db.transaction(async (tx) => {
    const audit: AuditNote = {};
    const answer = await work({ db: tx, audit, afterCommit: (effect) => void effects.push(effect), action });
    const after = 'after' in audit ? audit.after : answer instanceof AnswerAfterCommit ? null : answer;
    await repo.insertEntry(tx, { ...action, before: audit.before ?? null, after: after ?? null });
    return answer;
  });
  let failure: { error: unknown } | null = null;
  for (const effect of effects) {
    try {
      await effect();
    } catch (error) {
      failure ??= { error };
    }
  }
  const answer = outcome instanceof AnswerAfterCommit ? await (outcome as AnswerAfterCommit<T>).produce() : outcome;
  if (failure) throw failure.error;
  return answer;
}
