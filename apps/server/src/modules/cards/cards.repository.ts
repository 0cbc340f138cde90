import { and, asc, eq, gt, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { cardSessions, cardTypes } from '../../db/schema/index.js';

export type CardTypeRow = typeof cardTypes.$inferSelect;
export type CardSessionRow = typeof cardSessions.$inferSelect;

export async function findCardType(db: Executor, id: number): Promise<CardTypeRow | undefined> {
  const rows = await db.select().from(cardTypes).where(eq(cardTypes.id, id));
  return rows[0];
}

export async function findSession(db: Executor, id: number): Promise<CardSessionRow | undefined> {
  const rows = await db.select().from(cardSessions).where(eq(cardSessions.id, id));
  return rows[0];
}

/** The type's first session that has not ended by `at` and was not cancelled or closed: the open one, else the next. */
export async function currentOrNextSession(db: Executor, cardTypeId: number, at: Date): Promise<CardSessionRow | undefined> {
  const rows = await db
    .select()
    .from(cardSessions)
    .where(and(eq(cardSessions.cardTypeId, cardTypeId), gt(cardSessions.closesAt, at), ne(cardSessions.state, 'cancelled'), ne(cardSessions.state, 'closed')))
    .orderBy(asc(cardSessions.closesAt))
    .limit(1);
  return rows[0];
}
