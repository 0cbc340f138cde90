/**
 * The transaction password: set once, changed with the current one, checked before money leaves.
 *
 * A guess is hashed first, outside any transaction (decision 063): the derivation may wait for a slot
 * (pay-password-hash.ts), and a row lock and a pooled connection held meanwhile would stall everyone else.
 * Its outcome is then counted in a short transaction holding the user's row lock, against the state it was
 * hashed for, so concurrent attempts are counted one after another: after PAY_PASSWORD_MAX_FAILURES wrong ones
 * in a row every later outcome is refused as locked (a match included, so nothing is learnt), and a guess
 * arriving while the lock holds is not even hashed. The counter is committed before the refusal is thrown (a
 * refusal thrown inside the transaction would roll the count back).
 */
import { PAY_PASSWORD_LOCK_MINUTES, PAY_PASSWORD_MAX_FAILURES } from '@reef/contract';
import type { Database, Transaction } from '../../db/client.js';
import { DomainError } from '../../core/errors.js';
import { hashPayPassword, needsRehash, payPasswordMatches, type Pepper } from './pay-password-hash.js';
import * as repo from './security.repository.js';
import * as clock from '../../core/clock.js';

export type { Pepper } from './pay-password-hash.js';

const LOCK_MS = PAY_PASSWORD_LOCK_MINUTES * 60_000;

type Verdict = { ok: true } | { ok: false; error: DomainError };

const lockedError = (until: Date) => new DomainError('PAY_PASSWORD_LOCKED', { locked_until: until.toISOString() });
const locked = (until: Date): Verdict => ({ ok: false, error: lockedError(until) });
const isLocked = (state: repo.PayPasswordState, now: Date): state is repo.PayPasswordState & { lockedUntil: Date } =>
  state.lockedUntil !== null && state.lockedUntil > now;

/** A match's outcome: whether it matched, and the current kind of hash to store when the stored one is older. */
interface Guess {
  matches: boolean;
  rehash: string | null;
}

/**
 * Counts one hashed attempt against the locked, unlocked-at-`now` row: resets on a match (and stores the current
 * kind of hash when the stored one is older, decision 106), counts a failure.
 */
async function countAttempt(tx: Transaction, userId: number, state: repo.PayPasswordState, guess: Guess, now: Date): Promise<Verdict> {
  if (guess.matches) {
    if (guess.rehash) await repo.storeHash(tx, userId, guess.rehash);
    else if (state.failures > 0 || state.lockedUntil) await repo.clearFailures(tx, userId);
    return { ok: true };
  }
  const after = await repo.recordFailure(tx, userId, PAY_PASSWORD_MAX_FAILURES, new Date(now.getTime() + LOCK_MS));
  if (after.lockedUntil && after.lockedUntil > now) return locked(after.lockedUntil);
  return { ok: false, error: new DomainError('PAY_PASSWORD_WRONG', { attempts_left: PAY_PASSWORD_MAX_FAILURES - after.failures }) };
}

/**
 * Hashes `guess` (when there is one and it can count) against the stored hash, then runs `decide` in a
 * transaction on the locked row with the outcome. Should the row have changed in between so that the outcome
 * no longer applies (a new hash stored, a lock expired), it hashes again against the current state.
 */
async function withHashedGuess(
  db: Database,
  pepper: Pepper,
  userId: number,
  guess: string | undefined,
  now: Date,
  decide: (tx: Transaction, state: repo.PayPasswordState | undefined, outcome: Guess) => Promise<Verdict>,
): Promise<Verdict> {
  const countable = (state: repo.PayPasswordState | undefined): state is repo.PayPasswordState & { hash: string } =>
    guess !== undefined && state !== undefined && state.hash !== null && !isLocked(state, now);
  let state = await repo.readState(db, userId);
  for (;;) {
    const hashedAgainst = countable(state) ? state.hash : null;
    const matches = hashedAgainst !== null && (await payPasswordMatches(guess!, hashedAgainst, pepper));
    // An older kind of hash is replaced at a match; the new one is derived here too, before any row lock.
    const rehash = matches && needsRehash(hashedAgainst, pepper) ? await hashPayPassword(guess!, pepper) : null;
    const outcome = await db.transaction(async (tx): Promise<{ verdict: Verdict } | { changed: repo.PayPasswordState }> => {
      const current = await repo.lockState(tx, userId);
      if (countable(current) && current.hash !== hashedAgainst) return { changed: current };
      return { verdict: await decide(tx, current, { matches, rehash }) };
    });
    if ('verdict' in outcome) return outcome.verdict;
    state = outcome.changed;
  }
}

/**
 * For other modules: throws PAY_PASSWORD_NOT_SET, PAY_PASSWORD_LOCKED or PAY_PASSWORD_WRONG unless it matches.
 * `pepper` is the configuration's PAY_PASSWORD_PEPPER (decision 106).
 */
export async function verifyPayPassword(db: Database, pepper: Pepper, userId: number, password: string, now = clock.now()): Promise<void> {
  const verdict = await withHashedGuess(db, pepper, userId, password, now, async (tx, state, guess): Promise<Verdict> => {
    if (!state) return { ok: false, error: new DomainError('USER_NOT_FOUND') };
    if (state.hash === null) return { ok: false, error: new DomainError('PAY_PASSWORD_NOT_SET') };
    if (isLocked(state, now)) return locked(state.lockedUntil);
    return countAttempt(tx, userId, state, guess, now);
  });
  if (!verdict.ok) throw verdict.error;
}

/** A guess hashed against the user's stored hash, outside any transaction, for `countHashedGuesses` (decision 125). */
export interface HashedGuess {
  userId: number;
  /** The stored hash it was hashed against; null when the state allowed no attempt (no password, locked). */
  hashedAgainst: string | null;
  matches: boolean;
  /** The current kind of hash, derived now, when a match found an older kind stored (decision 106). */
  rehash: string | null;
}

/** The stored hash changed between hashing a guess and counting it: hash it again (`hashGuess`) and retry. */
export class StaleGuess extends Error {
  constructor() {
    super('the transaction password changed while the guess was hashed');
  }
}

/** Reads the password state without a lock and hashes `guess` against it (the slow part, before any row lock). */
export async function hashGuess(db: Database, pepper: Pepper, userId: number, guess: string, now = clock.now()): Promise<HashedGuess> {
  const state = await repo.readState(db, userId);
  const hashedAgainst = state?.hash && !isLocked(state, now) ? state.hash : null;
  const matches = hashedAgainst !== null && (await payPasswordMatches(guess, hashedAgainst, pepper));
  const rehash = matches && needsRehash(hashedAgainst, pepper) ? await hashPayPassword(guess, pepper) : null;
  return { userId, hashedAgainst, matches, rehash };
}

/**
 * Counts hashed guesses in the caller's transaction, in order, as `verifyPayPassword` counts one: the users' rows
 * locked (id order) for the rest of the transaction, each guess judged against its user's state as the guesses
 * before it left it (so a fifth wrong guess locks out a match later in the same batch). One result per guess: null
 * when it matched, the refusal otherwise, or a StaleGuess when the stored hash is no longer the one it was hashed
 * against. What is counted commits with the caller's transaction, whatever the caller does with the refusals.
 */
export async function countHashedGuesses(tx: Transaction, guesses: readonly HashedGuess[], now = clock.now()): Promise<(DomainError | StaleGuess | null)[]> {
  const states = await repo.lockStates(
    tx,
    guesses.map((g) => g.userId),
  );
  const results: (DomainError | StaleGuess | null)[] = [];
  for (const guess of guesses) {
    const state = states.get(guess.userId);
    if (!state) results.push(new DomainError('USER_NOT_FOUND'));
    else if (state.hash === null) results.push(new DomainError('PAY_PASSWORD_NOT_SET'));
    else if (isLocked(state, now)) results.push(lockedError(state.lockedUntil));
    else if (state.hash !== guess.hashedAgainst) results.push(new StaleGuess());
    else {
      const verdict = await countAttempt(tx, guess.userId, state, guess, now);
      // The state as this attempt left it, for the next guess of the same user.
      if (verdict.ok) states.set(guess.userId, { hash: guess.rehash ?? state.hash, failures: 0, lockedUntil: null });
      else states.set(guess.userId, (await repo.lockStates(tx, [guess.userId])).get(guess.userId)!);
      results.push(verdict.ok ? null : verdict.error);
    }
  }
  return results;
}

export interface SetPayPasswordInput {
  password: string;
  confirm: string;
  old_password?: string | undefined;
}

/** Sets the password when none is set; otherwise changes it, which needs the current one. */
export async function setPayPassword(db: Database, pepper: Pepper, userId: number, input: SetPayPasswordInput, now = clock.now()) {
  if (input.password !== input.confirm) throw new DomainError('PAY_PASSWORD_MISMATCH');
  // Hashed before the row is locked: the new password's cost is not paid while other attempts wait.
  const hash = await hashPayPassword(input.password, pepper);
  const verdict = await withHashedGuess(db, pepper, userId, input.old_password, now, async (tx, state, guess): Promise<Verdict> => {
    if (!state) return { ok: false, error: new DomainError('USER_NOT_FOUND') };
    if (state.hash !== null) {
      if (isLocked(state, now)) return locked(state.lockedUntil);
      if (input.old_password === undefined) return { ok: false, error: new DomainError('PAY_PASSWORD_OLD_REQUIRED') };
      // The new hash is stored just below; the old one's rehash would only be overwritten.
      const checked = await countAttempt(tx, userId, state, { matches: guess.matches, rehash: null }, now);
      if (!checked.ok) return checked;
    }
    await repo.storeHash(tx, userId, hash);
    return { ok: true };
  });
  if (!verdict.ok) throw verdict.error;
  return { has_pay_password: true as const };
}
