import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { chatGroupMembers, chatGroups, users } from '../../db/schema/index.js';
import { peerColumnsOf, type PeerRow } from './chat.repository.js';

export type GroupRow = typeof chatGroups.$inferSelect;
export type MemberRow = typeof chatGroupMembers.$inferSelect;
export type MemberWithPeer = PeerRow & { role: string; groupNickname: string; joinedAt: Date };
export type GroupWithCount = GroupRow & { memberCount: number; myRole: string };

export async function insertGroup(db: Executor, values: typeof chatGroups.$inferInsert): Promise<GroupRow> {
  const rows = await db.insert(chatGroups).values(values).returning();
  return rows[0]!;
}

/** The group (locked when asked, so membership changes run one at a time) and the user's membership in it. */
export async function findMembership(db: Executor, groupId: number, userId: number, lock = false): Promise<{ group: GroupRow; member: MemberRow } | undefined> {
  const query = db
    .select({ group: chatGroups, member: chatGroupMembers })
    .from(chatGroups)
    .innerJoin(chatGroupMembers, and(eq(chatGroupMembers.groupId, chatGroups.id), eq(chatGroupMembers.userId, userId)))
    .where(eq(chatGroups.id, groupId));
  const rows = lock ? await query.for('update', { of: chatGroups }) : await query;
  return rows[0];
}

export async function updateGroup(db: Executor, id: number, patch: Partial<Pick<GroupRow, 'name' | 'announcement' | 'disbandedAt'>>): Promise<GroupRow> {
  const rows = await db.update(chatGroups).set(patch).where(eq(chatGroups.id, id)).returning();
  return rows[0]!;
}

export async function insertMembers(
  db: Executor,
  groupId: number,
  members: readonly { userId: number; role: 'owner' | 'member'; nickname: string }[],
  at: Date,
): Promise<number[]> {
  if (members.length === 0) return [];
  const rows = await db
    .insert(chatGroupMembers)
    .values(members.map((m) => ({ groupId, userId: m.userId, role: m.role, nickname: m.nickname, joinedAt: at })))
    .onConflictDoNothing()
    .returning({ userId: chatGroupMembers.userId });
  return rows.map((r) => r.userId);
}

export async function deleteMember(db: Executor, groupId: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(chatGroupMembers)
    .where(and(eq(chatGroupMembers.groupId, groupId), eq(chatGroupMembers.userId, userId)))
    .returning({ userId: chatGroupMembers.userId });
  return rows.length > 0;
}

export async function memberIds(db: Executor, groupId: number): Promise<number[]> {
  const rows = await db.select({ userId: chatGroupMembers.userId }).from(chatGroupMembers).where(eq(chatGroupMembers.groupId, groupId));
  return rows.map((r) => r.userId);
}

export async function members(db: Executor, groupId: number): Promise<MemberWithPeer[]> {
  return (
    db
      .select({
        ...peerColumnsOf(users),
        role: chatGroupMembers.role,
        groupNickname: chatGroupMembers.nickname,
        joinedAt: chatGroupMembers.joinedAt,
      })
      .from(chatGroupMembers)
      .innerJoin(users, eq(users.id, chatGroupMembers.userId))
      .where(eq(chatGroupMembers.groupId, groupId))
      // The owner first, then in joining order.
      .orderBy(sql`${chatGroupMembers.role} = 'owner' desc`, asc(chatGroupMembers.joinedAt), asc(users.id))
  );
}

const memberCount = sql<number>`(select count(*)::int from chat_group_members c where c.group_id = ${chatGroups.id})`;

/** The user's live groups with their sizes, newest first, one query. */
export async function listForUser(db: Executor, userId: number): Promise<GroupWithCount[]> {
  const rows = await db
    .select({ group: chatGroups, memberCount, myRole: chatGroupMembers.role })
    .from(chatGroupMembers)
    .innerJoin(chatGroups, eq(chatGroups.id, chatGroupMembers.groupId))
    .where(and(eq(chatGroupMembers.userId, userId), isNull(chatGroups.disbandedAt)))
    .orderBy(desc(chatGroups.id));
  return rows.map((r) => ({ ...r.group, memberCount: r.memberCount, myRole: r.myRole }));
}

export async function countMembers(db: Executor, groupId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatGroupMembers)
    .where(eq(chatGroupMembers.groupId, groupId));
  return rows[0]?.n ?? 0;
}

/** Which of `ids` are already members. */
export async function membersAmong(db: Executor, groupId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ userId: chatGroupMembers.userId })
    .from(chatGroupMembers)
    .where(and(eq(chatGroupMembers.groupId, groupId), inArray(chatGroupMembers.userId, [...ids])));
  return new Set(rows.map((r) => r.userId));
}
