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

/** A key the client sent must look like one; anything else is 'Parameter error' before any work. */
export function checkKey(key: string): void {
  if (!KEY_RE.test(key)) throw new DomainError('PARAMETER_ERROR');
}

export async function runIdempotent<T>(db: Database, scope: IdempotencyScope, work: (tx: Transaction) => Promise<T>): Promise<T> {
  if (scope.key === undefined) return db.transaction(work);
  checkKey(scope.key);
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
 * For work that commits several requests in one transaction (the swap writer, decision 047), the three steps
 * of runIdempotent, each for the whole group in one statement: claim every key, then (after the work) store
 * the answers of the requests that ran and release the keys of the ones refused, so at commit a refused
 * request left no key, exactly as a rolled-back runIdempotent does. The caller runs them in one transaction
 * and never puts the same user's key twice in one group.
 */
export type KeyRef = repo.KeyRef;
export type Claim<T> = { run: true } | { run: false; replay: T } | { run: false; refusal: DomainError };

export async function claimEach<T>(tx: Transaction, scopes: (IdempotencyScope & { key: string })[]): Promise<Claim<T>[]> {
  const order = scopes
    .map((scope, index) => ({ index, userId: scope.userId, key: scope.key, requestHash: requestDigest(scope.request) }))
    .sort((a, b) => a.userId - b.userId || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const claimed = new Set(
    (
      await repo.claimMany(
        tx,
        order.map(({ userId, key, requestHash }) => ({ userId, key, requestHash })),
      )
    ).map(refName),
  );
  const taken = order.filter((c) => !claimed.has(refName(c)));
  const stored = new Map(taken.length ? (await repo.findMany(tx, taken)).map((row) => [refName(row), row]) : []);
  const claims: Claim<T>[] = new Array<Claim<T>>(scopes.length);
  for (const c of order) {
    if (claimed.has(refName(c))) {
      claims[c.index] = { run: true };
      continue;
    }
    const row = stored.get(refName(c));
    claims[c.index] =
      row && row.requestHash === c.requestHash ? { run: false, replay: row.response as T } : { run: false, refusal: new DomainError('IDEMPOTENCY_KEY_REUSED') };
  }
  return claims;
}

export async function storeEach(tx: Transaction, answers: (KeyRef & { response: unknown })[]): Promise<void> {
  if (answers.length) await repo.storeResponses(tx, answers);
}

export async function releaseEach(tx: Transaction, refs: KeyRef[]): Promise<void> {
  if (refs.length) await repo.release(tx, refs);
}

const refName = (ref: KeyRef) => `${ref.userId}\u0000${ref.key}`;

/** The most keys one lookup statement carries. */
const MAX_LOOKUPS_PER_STATEMENT = 256;

type StoredRow = Awaited<ReturnType<typeof repo.findMany>>[number];

/**
 * The committed answers that many concurrent requests look up outside a transaction (a sold-out burst's
 * refusals, decision 061), per database handle: a lookup that finds none in flight runs at once; the ones
 * arriving meanwhile go together in the next statement. A burst of refusals costs one statement per round trip,
 * not one each, and leaves the pool to the purchases.
 */
class AnswerLookups {
  private readonly pending: { ref: KeyRef; resolve: (row: StoredRow | undefined) => void; reject: (error: unknown) => void }[] = [];
  private running = false;

  constructor(private readonly db: Database) {}

  find(ref: KeyRef): Promise<StoredRow | undefined> {
    return new Promise((resolve, reject) => {
      this.pending.push({ ref, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    while (this.pending.length) {
      const batch = this.pending.splice(0, MAX_LOOKUPS_PER_STATEMENT);
      try {
        const rows = new Map(
          (
            await repo.findMany(
              this.db,
              batch.map((b) => b.ref),
            )
          ).map((row) => [refName(row), row]),
        );
        for (const { ref, resolve } of batch) resolve(rows.get(refName(ref)));
      } catch (error) {
        for (const { reject } of batch) reject(error);
      }
    }
    this.running = false;
  }
}

const answerLookups = new WeakMap<Database, AnswerLookups>();

/**
 * The committed answer stored under this key, read outside any transaction, or null. For a path that refuses
 * cheaply before its transaction (a sold-out session, decision 051): it replays first, so a retried success is
 * still answered with its card, never with the refusal that later presses get.
 */
export async function storedAnswer<T>(db: Database, scope: IdempotencyScope): Promise<{ response: T } | null> {
  if (scope.key === undefined) return null;
  if (!KEY_RE.test(scope.key)) throw new DomainError('PARAMETER_ERROR');
  let lookups = answerLookups.get(db);
  if (!lookups) answerLookups.set(db, (lookups = new AnswerLookups(db)));
  const stored = await lookups.find({ userId: scope.userId, key: scope.key });
  if (!stored || stored.response === null) return null;
  if (stored.requestHash !== requestDigest(scope.request)) throw new DomainError('IDEMPOTENCY_KEY_REUSED');
  return { response: stored.response as T };
}
