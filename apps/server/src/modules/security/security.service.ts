/**
 * The transaction password: set once, changed with the current one, checked before money leaves.
 *
 * Every check runs in its own short transaction holding the user's row lock, so concurrent attempts are
 * counted one after another: after PAY_PASSWORD_MAX_FAILURES wrong ones in a row no further guess is even
 * evaluated until the lock expires, however many requests arrive at once. The counter is committed before
 * the refusal is thrown (a refusal thrown inside the transaction would roll the count back).
 */
import { PAY_PASSWORD_LOCK_MINUTES, PAY_PASSWORD_MAX_FAILURES } from '@reef/contract';
import type { Database, Transaction } from '../../db/client.js';
import { DomainError } from '../../core/errors.js';
import { hashPayPassword, payPasswordMatches } from './pay-password-hash.js';
import * as repo from './security.repository.js';
import * as clock from '../../core/clock.js';

const LOCK_MS = PAY_PASSWORD_LOCK_MINUTES * 60_000;

type Verdict = { ok: true } | { ok: false; error: DomainError };

const locked = (until: Date): Verdict => ({ ok: false, error: new DomainError('PAY_PASSWORD_LOCKED', { locked_until: until.toISOString() }) });

/** One attempt against the locked row: refuses while locked, resets on success, counts a failure. */
async function attempt(tx: Transaction, userId: number, state: repo.PayPasswordState & { hash: string }, password: string, now: Date): Promise<Verdict> {
  if (state.lockedUntil && state.lockedUntil > now) return locked(state.lockedUntil);
  if (await payPasswordMatches(password, state.hash)) {
    if (state.failures > 0 || state.lockedUntil) await repo.clearFailures(tx, userId);
    return { ok: true };
  }
  const after = await repo.recordFailure(tx, userId, PAY_PASSWORD_MAX_FAILURES, new Date(now.getTime() + LOCK_MS));
  if (after.lockedUntil && after.lockedUntil > now) return locked(after.lockedUntil);
  return { ok: false, error: new DomainError('PAY_PASSWORD_WRONG', { attempts_left: PAY_PASSWORD_MAX_FAILURES - after.failures }) };
}

/** For other modules: throws PAY_PASSWORD_NOT_SET, PAY_PASSWORD_LOCKED or PAY_PASSWORD_WRONG unless it matches. */
export async function verifyPayPassword(db: Database, userId: number, password: string, now = clock.now()): Promise<void> {
  const verdict = await db.transaction(async (tx): Promise<Verdict> => {
    const state = await repo.lockState(tx, userId);
    if (!state) return { ok: false, error: new DomainError('USER_NOT_FOUND') };
    if (state.hash === null) return { ok: false, error: new DomainError('PAY_PASSWORD_NOT_SET') };
    return attempt(tx, userId, { ...state, hash: state.hash }, password, now);
  });
  if (!verdict.ok) throw verdict.error;
}

export interface SetPayPasswordInput {
  password: string;
  confirm: string;
  old_password?: string | undefined;
}

/** Sets the password when none is set; otherwise changes it, which needs the current one. */
export async function setPayPassword(db: Database, userId: number, input: SetPayPasswordInput, now = clock.now()) {
  if (input.password !== input.confirm) throw new DomainError('PAY_PASSWORD_MISMATCH');
  // Hashed before the row is locked: the new password's cost is not paid while other attempts wait.
  const hash = await hashPayPassword(input.password);
  const verdict = await db.transaction(async (tx): Promise<Verdict> => {
    const state = await repo.lockState(tx, userId);
    if (!state) return { ok: false, error: new DomainError('USER_NOT_FOUND') };
    if (state.hash !== null) {
      if (state.lockedUntil && state.lockedUntil > now) return locked(state.lockedUntil);
      if (input.old_password === undefined) return { ok: false, error: new DomainError('PAY_PASSWORD_OLD_REQUIRED') };
      const checked = await attempt(tx, userId, { ...state, hash: state.hash }, input.old_password, now);
      if (!checked.ok) return checked;
    }
    await repo.storeHash(tx, userId, hash);
    return { ok: true };
  });
  if (!verdict.ok) throw verdict.error;
  return { has_pay_password: true as const };
}
