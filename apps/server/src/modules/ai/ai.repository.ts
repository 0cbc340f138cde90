import { and, asc, count, desc, eq, gt } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { aiConversations, aiMessages } from '../../db/schema/index.js';
import * as clock from '../../core/clock.js';

export type ConversationRow = typeof aiConversations.$inferSelect;
export type MessageRow = typeof aiMessages.$inferSelect;

export async function insertConversation(db: Executor, userId: number, title: string): Promise<ConversationRow> {
  const rows = await db.insert(aiConversations).values({ userId, title, createdAt: clock.now(), updatedAt: clock.now() }).returning();
  return rows[0]!;
}

/** The conversation if it belongs to the user; someone else's looks exactly like a missing one. */
export async function findOwnConversation(db: Executor, userId: number, id: number): Promise<ConversationRow | undefined> {
  const rows = await db
    .select()
    .from(aiConversations)
    .where(and(eq(aiConversations.id, id), eq(aiConversations.userId, userId)));
  return rows[0];
}

/** Locks the user's conversation row for the transaction, so a concurrent delete waits; undefined when not theirs. */
export async function lockOwnConversation(tx: Executor, userId: number, id: number): Promise<{ id: number } | undefined> {
  const rows = await tx
    .select({ id: aiConversations.id })
    .from(aiConversations)
    .where(and(eq(aiConversations.id, id), eq(aiConversations.userId, userId)))
    .for('update');
  return rows[0];
}

export async function touchConversation(db: Executor, id: number): Promise<void> {
  await db.update(aiConversations).set({ updatedAt: clock.now() }).where(eq(aiConversations.id, id));
}

export async function deleteOwnConversation(db: Executor, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(aiConversations)
    .where(and(eq(aiConversations.id, id), eq(aiConversations.userId, userId)))
    .returning({ id: aiConversations.id });
  return rows.length > 0;
}

export async function listConversations(db: Database, userId: number, limit: number, offset: number) {
  const where = eq(aiConversations.userId, userId);
  const [list, totals] = await Promise.all([
    db.select().from(aiConversations).where(where).orderBy(desc(aiConversations.updatedAt), desc(aiConversations.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(aiConversations).where(where),
  ]);
  return { list, total: totals[0]?.total ?? 0 };
}

export function listMessages(db: Executor, conversationId: number): Promise<MessageRow[]> {
  return db.select().from(aiMessages).where(eq(aiMessages.conversationId, conversationId)).orderBy(asc(aiMessages.id));
}

/** The last `limit` messages, oldest first: the history sent to the provider. */
export async function recentMessages(db: Executor, conversationId: number, limit: number): Promise<MessageRow[]> {
  const rows = await db.select().from(aiMessages).where(eq(aiMessages.conversationId, conversationId)).orderBy(desc(aiMessages.id)).limit(limit);
  return rows.reverse();
}

export async function insertMessage(db: Executor, values: typeof aiMessages.$inferInsert): Promise<MessageRow> {
  const rows = await db
    .insert(aiMessages)
    .values({ createdAt: clock.now(), ...values })
    .returning();
  return rows[0]!;
}

export async function finishMessage(
  db: Executor,
  id: number,
  values: { content: string; status: 'complete' | 'stopped' | 'failed'; errorCode?: string | null },
): Promise<void> {
  await db
    .update(aiMessages)
    .set({ content: values.content, status: values.status, errorCode: values.errorCode ?? null })
    .where(eq(aiMessages.id, id));
}

/** Questions the user asked since `since`, across all their conversations. */
export async function countQuestionsSince(db: Executor, userId: number, since: Date): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(aiMessages)
    .where(and(eq(aiMessages.userId, userId), eq(aiMessages.role, 'user'), gt(aiMessages.createdAt, since)));
  return rows[0]?.n ?? 0;
}
