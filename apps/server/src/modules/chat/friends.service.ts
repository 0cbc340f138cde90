/**
 * Friends (chat/searchAdd, addFri, addList, myFriList, friCard): a request with a note, answered once by
 * its recipient. Accepting makes a two-way friendship and settles a request the other way too, so "A and
 * B asked each other" ends as one friendship. Every change to one pair runs under that pair's lock.
 * Both parties' sockets get the request as it now stands (`friend_request`).
 */
import type { Friend, FriendRequest } from '@reef/contract';
import type { Database } from '../../db/client.js';
import { DomainError } from '../../core/errors.js';
import type { RealtimeHub } from '../../infra/realtime/realtime-hub.js';
import { peerView } from './chat-views.js';
import * as chatRepo from './chat.repository.js';
import * as repo from './friends.repository.js';
import * as clock from '../../core/clock.js';

const SEARCH_LIMIT = 20;
const REQUEST_LIST_LIMIT = 100;

function requestView(row: repo.FriendRequestWithPeers): FriendRequest {
  return {
    id: row.id,
    from: peerView(row.from),
    to: peerView(row.to),
    note: row.note,
    state: row.state as FriendRequest['state'],
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

function friendView(row: repo.FriendRow): Friend {
  return { ...peerView(row), remark: row.remark, since: row.since.toISOString() };
}

function announce(hub: RealtimeHub, request: FriendRequest) {
  hub.publish([request.from.uid, request.to.uid], { type: 'friend_request', data: request });
}

export async function search(db: Database, userId: number, q: string) {
  const rows = await repo.searchUsers(db, userId, q, SEARCH_LIMIT);
  return {
    list: rows.map((row) => ({
      ...peerView(row),
      is_friend: row.isFriend,
      pending_request: row.outgoing ? ('outgoing' as const) : row.incoming ? ('incoming' as const) : null,
    })),
  };
}

export async function sendRequest(db: Database, hub: RealtimeHub, userId: number, toId: number, note: string): Promise<FriendRequest> {
  if (toId === userId) throw new DomainError('FRIEND_REQUEST_SELF');
  if (!(await chatRepo.findPeer(db, toId))) throw new DomainError('USER_NOT_FOUND');
  const id = await db.transaction(async (tx) => {
    await repo.lockPair(tx, userId, toId);
    if (await repo.areFriends(tx, userId, toId)) throw new DomainError('ALREADY_FRIENDS');
    const inserted = await repo.insertRequest(tx, userId, toId, note);
    // The partial unique index holds one pending request per direction.
    if (!inserted) throw new DomainError('FRIEND_REQUEST_PENDING');
    return inserted.id;
  });
  const view = requestView((await repo.findRequest(db, id))!);
  announce(hub, view);
  return view;
}

export async function listRequests(db: Database, userId: number) {
  const [incoming, outgoing] = await Promise.all([repo.listIncoming(db, userId, REQUEST_LIST_LIMIT), repo.listOutgoing(db, userId, REQUEST_LIST_LIMIT)]);
  return { incoming: incoming.map(requestView), outgoing: outgoing.map(requestView) };
}

/**
 * Only the recipient answers; someone else's request is NOT_FOUND (its existence is not theirs to learn).
 * Answering the same way twice returns the request as it stands, so a retried tap is harmless.
 */
async function decide(db: Database, hub: RealtimeHub, userId: number, id: number, decision: 'added' | 'rejected'): Promise<FriendRequest> {
  const first = await repo.findRequest(db, id);
  if (!first || (first.fromId !== userId && first.toId !== userId)) throw new DomainError('NOT_FOUND');
  if (first.toId !== userId) throw new DomainError('FRIEND_REQUEST_NOT_RECIPIENT');
  const now = clock.now();
  const changed = await db.transaction(async (tx) => {
    await repo.lockPair(tx, first.fromId, first.toId);
    const current = (await repo.findRequest(tx, id))!;
    if (current.state === decision) return [];
    if (current.state !== 'sent') throw new DomainError('FRIEND_REQUEST_DECIDED');
    if (decision === 'rejected') {
      await repo.decideRequest(tx, id, 'rejected', now);
      return [id];
    }
    await repo.insertFriendship(tx, current.fromId, current.toId, now);
    return repo.decidePendingBetween(tx, current.fromId, current.toId, 'added', now);
  });
  for (const changedId of changed.filter((other) => other !== id)) announce(hub, requestView((await repo.findRequest(db, changedId))!));
  const view = requestView((await repo.findRequest(db, id))!);
  if (changed.includes(id)) announce(hub, view);
  return view;
}

export function accept(db: Database, hub: RealtimeHub, userId: number, id: number) {
  return decide(db, hub, userId, id, 'added');
}

export function reject(db: Database, hub: RealtimeHub, userId: number, id: number) {
  return decide(db, hub, userId, id, 'rejected');
}

export async function listFriends(db: Database, userId: number) {
  return { list: (await repo.listFriends(db, userId)).map(friendView) };
}

export async function getFriend(db: Database, userId: number, friendId: number): Promise<Friend> {
  const row = await repo.findFriend(db, userId, friendId);
  if (!row) throw new DomainError('NOT_FRIENDS');
  return friendView(row);
}

export async function setRemark(db: Database, userId: number, friendId: number, remark: string): Promise<Friend> {
  if (!(await repo.setRemark(db, userId, friendId, remark))) throw new DomainError('NOT_FRIENDS');
  return getFriend(db, userId, friendId);
}

/** Ends the friendship both ways; the direct conversation's history stays, new messages are refused. */
export async function deleteFriend(db: Database, userId: number, friendId: number) {
  const removed = await db.transaction(async (tx) => {
    await repo.lockPair(tx, userId, friendId);
    return repo.deleteFriendship(tx, userId, friendId);
  });
  if (!removed) throw new DomainError('NOT_FRIENDS');
  return { uid: friendId };
}
