/**
 * Phone sign-in (decision 076). A code is six random digits, kept only as an HMAC under a random per-code salt,
 * good for one use within 10 minutes; the fifth wrong entry locks it; a new one replaces it no sooner than 60 s
 * after the last; each number and each client address has a budget of codes (SMS_PER_PHONE_PER_DAY,
 * SMS_PER_IP_PER_HOUR). A 'login' code for a number no account has bound is stored and counted like any other but
 * never sent, and every text leaves from a queue after the answer (decision 096), so neither the answer nor its time
 * tells who uses the app.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { PHONE_CODE_MAX_ATTEMPTS, PHONE_CODE_RESEND_SECONDS, PHONE_CODE_TTL_SECONDS, type ErrorCode, type LanguageCode } from '@reef/contract';
import type { Config } from '../../config.js';
import type { Database, Transaction } from '../../db/client.js';
import { DomainError } from '../../core/errors.js';
import * as clock from '../../core/clock.js';
import { openSession } from '../auth/auth.service.js';
import { recordEvent } from '../events/events.service.js';
import { findPublicUser } from '../users/users.service.js';
import { codeText } from './sms-sender.js';
import type { SmsQueue } from './sms-queue.js';
import * as repo from './phone.repository.js';
import type { PhonePurpose } from './phone.repository.js';

const DAY_MS = 24 * 3_600_000;
const HOUR_MS = 3_600_000;

function codeHash(salt: string, phone: string, purpose: PhonePurpose, code: string): string {
  return createHmac('sha256', Buffer.from(salt, 'base64url')).update(`${phone}:${purpose}:${code}`).digest('base64url');
}

/** '+886912345678' → '+886******678': enough to recognise one's own number, not to read someone else's. */
export function maskPhone(phone: string): string {
  return `${phone.slice(0, 4)}${'*'.repeat(Math.max(phone.length - 7, 0))}${phone.slice(-3)}`;
}

export interface SendCodeInput {
  phone: string;
  purpose: PhonePurpose;
  /** The signed-in caller; required for 'bind'. */
  userId: number | null;
  ip: string;
  language: LanguageCode;
}

/**
 * POST /api/register. Every outcome that stores a code answers the same, at once: the text goes out afterwards from the
 * queue (decision 096), so neither the answer nor its time says whether a number is bound. The budgets are counted
 * before anything about the number is looked up, so even the one answer that differs — a 'bind' of a number another
 * account holds, PHONE_TAKEN, which its rightful owner needs to read — costs a send from the number's and the
 * address's budget.
 */
export async function sendCode(db: Database, config: Config, queue: SmsQueue | null, input: SendCodeInput, now = clock.now()) {
  if (!queue) throw new DomainError('SMS_NOT_SUPPORTED');
  const { phone, purpose, userId } = input;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(16).toString('base64url');
  const outcome = await db.transaction(async (tx): Promise<'taken' | 'send' | 'keep'> => {
    if ((await repo.countSends(tx, { phone }, new Date(now.getTime() - DAY_MS))) >= config.sms.perPhonePerDay) throw new DomainError('PHONE_SEND_LIMIT');
    if ((await repo.countSends(tx, { ip: input.ip }, new Date(now.getTime() - HOUR_MS))) >= config.sms.perIpPerHour) throw new DomainError('PHONE_SEND_LIMIT');
    const owner = await repo.userOfPhone(tx, phone);
    if (purpose === 'bind' && owner !== undefined && owner !== userId) {
      // Counted and committed before the refusal: a lookup of who holds numbers costs budget like a send.
      await repo.recordSend(tx, phone, input.ip, now);
      return 'taken';
    }
    const replaced = await repo.replaceCode(
      tx,
      {
        phone,
        purpose,
        userId: purpose === 'bind' ? userId : null,
        salt,
        codeHash: codeHash(salt, phone, purpose, code),
        sentAt: now,
        expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_SECONDS * 1000),
      },
      new Date(now.getTime() - PHONE_CODE_RESEND_SECONDS * 1000),
    );
    if (!replaced) throw new DomainError('PHONE_CODE_TOO_SOON');
    await repo.recordSend(tx, phone, input.ip, now);
    // A 'login' code for a number no account has is stored and counted like any other, and never sent.
    return purpose === 'login' && owner === undefined ? 'keep' : 'send';
  });
  if (outcome === 'taken') throw new DomainError('PHONE_TAKEN');
  if (outcome === 'send') {
    queue.push({
      to: phone,
      text: codeText(input.language, code),
      // Nothing reached the phone: the caller may ask again at once instead of waiting out the interval.
      onFailure: () => repo.allowResend(db, phone, purpose, salt),
    });
  }
  return { resend_after_seconds: PHONE_CODE_RESEND_SECONDS, expires_in_seconds: PHONE_CODE_TTL_SECONDS };
}

/**
 * Checks `code` against the live code with the row locked, then runs `then` in the same transaction. A wrong entry
 * is counted and committed before the refusal, so five wrong entries lock the code whatever the caller does.
 */
async function useCode<T>(
  db: Database,
  phone: string,
  purpose: PhonePurpose,
  code: string,
  userId: number | null,
  now: Date,
  then: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const outcome = await db.transaction(async (tx): Promise<{ refused: ErrorCode } | { value: T }> => {
    const row = await repo.lockCode(tx, phone, purpose);
    if (!row || row.consumedAt !== null || (purpose === 'bind' && row.userId !== userId)) return { refused: 'PHONE_CODE_INVALID' };
    if (row.attempts >= PHONE_CODE_MAX_ATTEMPTS) return { refused: 'PHONE_CODE_LOCKED' };
    if (row.expiresAt.getTime() <= now.getTime()) return { refused: 'PHONE_CODE_EXPIRED' };
    const expected = Buffer.from(row.codeHash, 'base64url');
    const given = Buffer.from(codeHash(row.salt, phone, purpose, code), 'base64url');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      await repo.countWrongEntry(tx, phone, purpose);
      return { refused: 'PHONE_CODE_INVALID' };
    }
    await repo.consumeCode(tx, phone, purpose, now);
    return { value: await then(tx) };
  });
  if ('refused' in outcome) throw new DomainError(outcome.refused);
  return outcome.value;
}

/** POST /api/register/verify: the signed-in wallet account now has this phone (replacing the one it had). */
export async function verifyPhone(db: Database, userId: number, input: { phone: string; code: string }, now = clock.now()) {
  return useCode(db, input.phone, 'bind', input.code, userId, now, async (tx) => {
    // Concurrent binds of one number wait on the same code row, so this read decides; the unique index backs it.
    const owner = await repo.userOfPhone(tx, input.phone);
    if (owner !== undefined && owner !== userId) throw new DomainError('PHONE_TAKEN');
    if (owner === undefined) {
      const before = await repo.phoneOfUser(tx, userId);
      await repo.bindPhone(tx, userId, input.phone, now);
      await recordEvent(tx, { type: 'phone.bound', user_id: userId, replaced: before !== undefined });
    }
    return { phone: maskPhone(input.phone) };
  });
}

/** POST /api/login/mobile: a session for the account that has this phone bound, like a wallet sign-in's. */
export async function loginMobile(db: Database, config: Config, input: { phone: string; code: string }, now = clock.now()) {
  return useCode(db, input.phone, 'login', input.code, null, now, async (tx) => {
    const userId = await repo.userOfPhone(tx, input.phone);
    if (userId === undefined) throw new DomainError('PHONE_NOT_BOUND');
    const user = await findPublicUser(tx, { id: userId });
    return { ...(await openSession(tx, config, userId, now)), account: user!.account };
  });
}

export async function myPhone(db: Database, userId: number) {
  const phone = await repo.phoneOfUser(db, userId);
  return { phone: phone === undefined ? null : maskPhone(phone) };
}

export function pruneSends(db: Database, now = clock.now()) {
  return repo.pruneSends(db, new Date(now.getTime() - 2 * DAY_MS));
}
