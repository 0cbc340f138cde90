/**
 * Groups (chat/groupList, groupInfoDetails, chatGroup): the creator owns the group, edits it, removes
 * members and disbands it; any member invites their own friends and any member but the owner leaves.
 * Membership changes lock the group row, so the size cap and "is still a member" hold under concurrency.
 * A group's conversation has the members as participants; leaving drops the participant row, so a former
 * member neither reads nor counts unread there. Disbanding keeps the member rows (to say GROUP_DISBANDED
 * rather than "not a member") and drops every participant.
 */
import { chatApi, type GroupDetails, type GroupSummary, type ServerFrame } from '@reef/contract';
import type { Database, Executor } from '../../db/client.js';
import { DomainError } from '../../core/errors.js';
import type { RealtimeHub } from '../../infra/realtime/realtime-hub.js';
import { peerView } from './chat-views.js';
import * as chatRepo from './chat.repository.js';
import * as friendsRepo from './friends.repository.js';
import * as repo from './groups.repository.js';
import * as clock from '../../core/clock.js';

type GroupEvent = Extract<ServerFrame, { type: 'group_event' }>['data']['event'];

function summaryView(group: repo.GroupRow, memberCount: number, myRole: string): GroupSummary {
  return {
    id: group.id,
    name: group.name,
    announcement: group.announcement,
    owner_uid: group.ownerId,
    member_count: memberCount,
    my_role: myRole as GroupSummary['my_role'],
    created_at: group.createdAt.toISOString(),
  };
}

async function detailsView(db: Executor, group: repo.GroupRow, myRole: string): Promise<GroupDetails> {
  const members = await repo.members(db, group.id);
  return {
    ...summaryView(group, members.length, myRole),
    members: members.map((m) => ({
      ...peerView(m),
      role: m.role as 'owner' | 'member',
      group_nickname: m.groupNickname,
      joined_at: m.joinedAt.toISOString(),
    })),
  };
}

/**
 * Tells `to` about a change; each reader gets the group with their own role (null once they are out of it).
 * `to` is the membership after the change, so its length is the member count (no query per frame).
 */
function tell(hub: RealtimeHub, group: repo.GroupRow, event: GroupEvent, about: number | null, to: readonly number[], outOfIt: readonly number[] = []) {
  const count = to.length;
  const owner = to.filter((id) => id === group.ownerId);
  const members = to.filter((id) => id !== group.ownerId);
  const frame = (role: string | null): ServerFrame => ({
    type: 'group_event',
    data: { group_id: group.id, event, uid: about, group: role && !group.disbandedAt ? summaryView(group, count, role) : null },
  });
  if (owner.length > 0) hub.publish(owner, frame('owner'));
  if (members.length > 0) hub.publish(members, frame('member'));
  if (outOfIt.length > 0) hub.publish(outOfIt, frame(null));
}

async function membershipOf(db: Executor, groupId: number, userId: number, lock = false) {
  const membership = await repo.findMembership(db, groupId, userId, lock);
  // Someone else's group answers like a group that does not exist: nothing about it leaks.
  if (!membership) throw new DomainError('NOT_GROUP_MEMBER');
  if (membership.group.disbandedAt) throw new DomainError('GROUP_DISBANDED');
  return membership;
}

async function assertAllFriends(db: Executor, userId: number, ids: readonly number[]) {
  const friends = await friendsRepo.friendIdsAmong(db, userId, ids);
  if (ids.some((id) => !friends.has(id))) throw new DomainError('NOT_FRIENDS');
}

export interface CreateGroupInput {
  name: string;
  nickname: string;
  announcement: string;
  member_uids: number[];
}

export async function createGroup(db: Database, hub: RealtimeHub, userId: number, input: CreateGroupInput): Promise<GroupDetails> {
  const invitees = [...new Set(input.member_uids)].filter((id) => id !== userId);
  const now = clock.now();
  const group = await db.transaction(async (tx) => {
    await assertAllFriends(tx, userId, invitees);
    const created = await repo.insertGroup(tx, { name: input.name, announcement: input.announcement, ownerId: userId, createdAt: now });
    await repo.insertMembers(
      tx,
      created.id,
      [{ userId, role: 'owner', nickname: input.nickname }, ...invitees.map((id) => ({ userId: id, role: 'member' as const, nickname: '' }))],
      now,
    );
    const conversation = await chatRepo.insertGroupConversation(tx, created.id);
    await chatRepo.addParticipants(tx, conversation.id, [userId, ...invitees], 0);
    return created;
  });
  tell(hub, group, 'created', null, [userId, ...invitees]);
  return detailsView(db, group, 'owner');
}

export async function listGroups(db: Database, userId: number) {
  return { list: (await repo.listForUser(db, userId)).map((g) => summaryView(g, g.memberCount, g.myRole)) };
}

export async function getGroup(db: Database, userId: number, groupId: number): Promise<GroupDetails> {
  const { group, member } = await membershipOf(db, groupId, userId);
  return detailsView(db, group, member.role);
}

export async function updateGroup(
  db: Database,
  hub: RealtimeHub,
  userId: number,
  groupId: number,
  patch: { name?: string | undefined; announcement?: string | undefined },
): Promise<GroupDetails> {
  const group = await db.transaction(async (tx) => {
    const { member } = await membershipOf(tx, groupId, userId, true);
    if (member.role !== 'owner') throw new DomainError('GROUP_OWNER_ONLY');
    return repo.updateGroup(tx, groupId, {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.announcement !== undefined ? { announcement: patch.announcement } : {}),
    });
  });
  tell(hub, group, 'updated', null, await repo.memberIds(db, groupId));
  return detailsView(db, group, 'owner');
}

/** Adds the inviter's friends who are not members yet; members already in it are skipped, not refused. */
export async function invite(db: Database, hub: RealtimeHub, userId: number, groupId: number, uids: number[]): Promise<GroupDetails> {
  const wanted = [...new Set(uids)].filter((id) => id !== userId);
  const now = clock.now();
  const { group, role, joined } = await db.transaction(async (tx) => {
    const { group: current, member } = await membershipOf(tx, groupId, userId, true);
    await assertAllFriends(tx, userId, wanted);
    const already = await repo.membersAmong(tx, groupId, wanted);
    const fresh = wanted.filter((id) => !already.has(id));
    if ((await repo.countMembers(tx, groupId)) + fresh.length > chatApi.GROUP_MEMBERS_MAX) throw new DomainError('GROUP_FULL');
    const added = await repo.insertMembers(
      tx,
      groupId,
      fresh.map((id) => ({ userId: id, role: 'member' as const, nickname: '' })),
      now,
    );
    const conversation = (await chatRepo.findGroupConversation(tx, groupId))!;
    // Newcomers read the history but start with nothing unread.
    await chatRepo.addParticipants(tx, conversation.id, added, conversation.lastMessageId ?? 0);
    return { group: current, role: member.role, joined: added };
  });
  const everyone = await repo.memberIds(db, groupId);
  for (const id of joined) tell(hub, group, 'joined', id, everyone);
  return detailsView(db, group, role);
}

/** Takes a member out (the owner removing someone, or a member leaving) and tells everyone, the one who left included. */
async function takeOut(db: Database, hub: RealtimeHub, group: repo.GroupRow, uid: number, event: 'removed' | 'left') {
  tell(hub, group, event, uid, await repo.memberIds(db, group.id), [uid]);
}

export async function removeMember(db: Database, hub: RealtimeHub, userId: number, groupId: number, uid: number): Promise<GroupDetails> {
  const group = await db.transaction(async (tx) => {
    const { group: current, member } = await membershipOf(tx, groupId, userId, true);
    if (member.role !== 'owner') throw new DomainError('GROUP_OWNER_ONLY');
    if (uid === userId) throw new DomainError('GROUP_OWNER_CANNOT_EXIT');
    if (!(await repo.deleteMember(tx, groupId, uid))) throw new DomainError('NOT_FOUND');
    const conversation = (await chatRepo.findGroupConversation(tx, groupId))!;
    await chatRepo.removeParticipants(tx, conversation.id, [uid]);
    return current;
  });
  await takeOut(db, hub, group, uid, 'removed');
  return detailsView(db, group, 'owner');
}

export async function exitGroup(db: Database, hub: RealtimeHub, userId: number, groupId: number) {
  const group = await db.transaction(async (tx) => {
    const { group: current, member } = await membershipOf(tx, groupId, userId, true);
    if (member.role === 'owner') throw new DomainError('GROUP_OWNER_CANNOT_EXIT');
    await repo.deleteMember(tx, groupId, userId);
    const conversation = (await chatRepo.findGroupConversation(tx, groupId))!;
    await chatRepo.removeParticipants(tx, conversation.id, [userId]);
    return current;
  });
  await takeOut(db, hub, group, userId, 'left');
  return { id: groupId };
}

export async function disband(db: Database, hub: RealtimeHub, userId: number, groupId: number) {
  const group = await db.transaction(async (tx) => {
    const { member } = await membershipOf(tx, groupId, userId, true);
    if (member.role !== 'owner') throw new DomainError('GROUP_OWNER_ONLY');
    const disbanded = await repo.updateGroup(tx, groupId, { disbandedAt: clock.now() });
    const conversation = (await chatRepo.findGroupConversation(tx, groupId))!;
    await chatRepo.removeParticipants(tx, conversation.id);
    return disbanded;
  });
  tell(hub, group, 'disbanded', null, await repo.memberIds(db, groupId));
  return { id: groupId };
}
