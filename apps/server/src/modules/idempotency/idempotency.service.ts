/**
 * Idempotency-Key for mutating money requests. The key row is inserted in the same transaction as the
 * money movement: a concurrent request with the same key waits on the unique index until the first
 * commits, then finds the stored answer and replays it. A refusal rolls the key back with everything
 * else, so a retry after "insufficient balance" runs again instead of replaying the refusal.
 */
import { createHash } from 'node:crypto';
import type { Database, Transaction } from '../../db/client.js';
import { DomainError } from '../../core/errors.js';
import * as repo from './idempotency.repository.js';

const KEY_RE = /^[A-Za-z0-9_:.-]{8,128}$/;

export interface IdempotencyScope {
  userId: number;
  key: string | undefined;
  /** Method + path + body: what the key promises to stand for. */
  request: unknown;
}

export function requestDigest(request: unknown): string {
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

export async function runIdempotent<T>(db: Database, scope: IdempotencyScope, work: (tx: Transaction) => Promise<T>): Promise<T> {
  if (scope.key === undefined) return db.transaction(work);
  if (!KEY_RE.test(scope.key)) throw new DomainError('PARAMETER_ERROR');
  const key = scope.key;
  const requestHash = requestDigest(scope.request);

  return db.transaction(async (tx) => {
    if (!(await repo.claim(tx, scope.userId, key, requestHash))) {
      const stored = await repo.find(tx, scope.userId, key);
      if (!stored || stored.requestHash !== requestHash) throw new DomainError('IDEMPOTENCY_KEY_REUSED');
      return stored.response as T;
    }
    const result = await work(tx);
    await repo.storeResponse(tx, scope.userId, key, result);
    return result;
  });
}

/**
 * The committed answer stored under this key, read outside any transaction, or null. For a path that refuses
 * cheaply before its transaction (a sold-out session, decision 051): it replays first, so a retried success is
 * still answered with its card, never with the refusal that later presses get.
 */
export async function storedAnswer<T>(db: Database, scope: IdempotencyScope): Promise<{ response: T } | null> {
  if (scope.key === undefined) return null;
  if (!KEY_RE.test(scope.key)) throw new DomainError('PARAMETER_ERROR');
  const stored = await repo.find(db, scope.userId, scope.key);
  if (!stored || stored.response === null) return null;
  if (stored.requestHash !== requestDigest(scope.request)) throw new DomainError('IDEMPOTENCY_KEY_REUSED');
  return { response: stored.response as T };
}
