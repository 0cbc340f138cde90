import { and, count, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { phoneCodeSends, phoneCodes, userPhones } from '../../db/schema/index.js';

export type PhonePurpose = 'login' | 'bind';

export interface NewCode {
  phone: string;
  purpose: PhonePurpose;
  userId: number | null;
  salt: string;
  codeHash: string;
  sentAt: Date;
  expiresAt: Date;
}

/**
 * Writes the new code over the old one only when the old one was sent at or before `resendBefore`: false when a
 * code went out less than the resend interval ago. One statement, so two nodes cannot both send.
 */
export async function replaceCode(db: Executor, code: NewCode, resendBefore: Date): Promise<boolean> {
  const rows = await db
    .insert(phoneCodes)
    .values({ ...code, attempts: 0, consumedAt: null })
    .onConflictDoUpdate({
      target: [phoneCodes.phone, phoneCodes.purpose],
      set: {
        userId: code.userId,
        salt: code.salt,
        codeHash: code.codeHash,
        sentAt: code.sentAt,
        expiresAt: code.expiresAt,
        attempts: 0,
        consumedAt: null,
      },
      setWhere: lte(phoneCodes.sentAt, resendBefore),
    })
    .returning({ phone: phoneCodes.phone });
  return rows.length === 1;
}

export async function countSends(db: Executor, by: { phone: string } | { ip: string }, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(phoneCodeSends)
    .where(and('phone' in by ? eq(phoneCodeSends.phone, by.phone) : eq(phoneCodeSends.ip, by.ip), gte(phoneCodeSends.createdAt, since)));
  return row?.n ?? 0;
}

export async function recordSend(db: Executor, phone: string, ip: string, at: Date): Promise<void> {
  await db.insert(phoneCodeSends).values({ phone, ip, createdAt: at });
}

export async function pruneSends(db: Executor, before: Date): Promise<void> {
  await db.delete(phoneCodeSends).where(lt(phoneCodeSends.createdAt, before));
}

/** The live code, locked for the rest of the transaction so entries are counted one at a time. */
export async function lockCode(db: Executor, phone: string, purpose: PhonePurpose) {
  const [row] = await db
    .select()
    .from(phoneCodes)
    .where(and(eq(phoneCodes.phone, phone), eq(phoneCodes.purpose, purpose)))
    .for('update');
  return row;
}

export async function countWrongEntry(db: Executor, phone: string, purpose: PhonePurpose): Promise<void> {
  await db
    .update(phoneCodes)
    .set({ attempts: sql`${phoneCodes.attempts} + 1` })
    .where(and(eq(phoneCodes.phone, phone), eq(phoneCodes.purpose, purpose)));
}

export async function consumeCode(db: Executor, phone: string, purpose: PhonePurpose, at: Date): Promise<void> {
  await db
    .update(phoneCodes)
    .set({ consumedAt: at })
    .where(and(eq(phoneCodes.phone, phone), eq(phoneCodes.purpose, purpose)));
}

export async function userOfPhone(db: Executor, phone: string): Promise<number | undefined> {
  const [row] = await db.select({ userId: userPhones.userId }).from(userPhones).where(eq(userPhones.phone, phone));
  return row?.userId;
}

export async function phoneOfUser(db: Executor, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ phone: userPhones.phone }).from(userPhones).where(eq(userPhones.userId, userId));
  return row?.phone;
}

/** Binds or rebinds the user's number (the caller has checked that no one else holds it). */
export async function bindPhone(db: Executor, userId: number, phone: string, at: Date): Promise<boolean> {
  const rows = await db
    .insert(userPhones)
    .values({ userId, phone, createdAt: at })
    .onConflictDoUpdate({ target: userPhones.userId, set: { phone, createdAt: at } })
    .returning({ userId: userPhones.userId });
  return rows.length === 1;
}

/** A code that never reached the phone no longer holds back the next one (only the code that was just written). */
export async function allowResend(db: Executor, phone: string, purpose: PhonePurpose, salt: string): Promise<void> {
  await db
    .update(phoneCodes)
    .set({ sentAt: new Date(0) })
    .where(and(eq(phoneCodes.phone, phone), eq(phoneCodes.purpose, purpose), eq(phoneCodes.salt, salt)));
}
