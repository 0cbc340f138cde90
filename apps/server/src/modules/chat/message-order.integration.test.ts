/**
 * "Sync never skips a late id" without a database-wide lock (decision 035): message ids come from the
 * sending transaction, inserts lock only their conversation, and sync reads below the horizon of the
 * transactions still running. Concurrent senders into one conversation and into others, with a reader
 * syncing all along, on both databases; on PostgreSQL (several connections) a transaction held open in
 * one conversation blocks neither another conversation's sends nor sync, and sync waits rather than skip.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type SignedInUser, type TestApp } from '../../test/harness.js';
import { requiredService } from '../../test/required-services.js';
import { befriend, clientId, send } from '../../test/chat-kit.js';
import * as chat from './chat.service.js';
import * as repo from './chat.repository.js';
import { MessageWriter } from './message-writer.js';

type Synced = { id: number; content: string };

/** Pages GET /api/chat/sync from `after` like the web client: the cursor is the last id of each page. */
async function syncAll(t: TestApp, user: SignedInUser, after: number): Promise<{ list: Synced[]; cursor: number }> {
  const list: Synced[] = [];
  let cursor = after;
  for (;;) {
    const page = await t.call({ method: 'GET', url: `/api/chat/sync?after=${cursor}`, token: user.token });
    expect(page.status).toBe(200);
    list.push(...(page.data.list as Synced[]));
    if (page.data.list.length > 0) cursor = page.data.list.at(-1).id;
    if (!page.data.has_more || page.data.list.length === 0) return { list, cursor };
  }
}

describe.each(databaseKinds)('message order on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('concurrent senders into one group and into direct chats, with a reader syncing all along, skip nothing', async () => {
    const reader = await t.signIn();
    const members = await Promise.all(Array.from({ length: 5 }, () => t.signIn()));
    const friends = await Promise.all(Array.from({ length: 3 }, () => t.signIn()));
    for (const user of [...members, ...friends]) await befriend(t, reader, user);
    const group = await t.call({
      method: 'POST',
      url: '/api/chat/groups',
      token: reader.token,
      payload: { name: 'Order', nickname: 'reader', announcement: 'x', member_uids: members.map((m) => m.uid) },
    });
    expect(group.status).toBe(200);

    let cursor = await chat.latestMessageId(t.database.db);
    const seen: number[] = [];
    let writing = true;
    const reading = (async () => {
      while (writing) {
        const page = await syncAll(t, reader, cursor);
        seen.push(...page.list.map((m) => m.id));
        cursor = page.cursor;
        // Yield to the timers queue, or back-to-back polls starve the writers on one event loop.
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    // 15 each stays under the flood gate (20 a second per user).
    const perSender = 15;
    const sent = await Promise.all([
      ...members.flatMap((m) => Array.from({ length: perSender }, (_, i) => send(t, m, { type: 'group', id: group.data.id }, `group ${i}`))),
      ...friends.flatMap((f) => Array.from({ length: perSender }, (_, i) => send(t, f, { type: 'user', id: reader.uid }, `direct ${i}`))),
    ]);
    writing = false;
    await reading;
    seen.push(...(await syncAll(t, reader, cursor)).list.map((m) => m.id));

    expect(sent.every((r) => r.status === 200)).toBe(true);
    const ids = sent.map((r) => r.data.id as number).sort((a, b) => a - b);
    // Every message once, in increasing id order, though the reader's cursor moved while they were written.
    expect(seen).toEqual(ids);
    // Within the group, ids follow the order the messages were stored in: history is that order.
    const history = await t.call({ method: 'GET', url: `/api/chat/messages?type=group&id=${group.data.id}&limit=100`, token: reader.token });
    const groupIds = (history.data.list as Synced[]).map((m) => m.id);
    expect(groupIds).toHaveLength(members.length * perSender);
    expect([...groupIds].sort((a, b) => b - a)).toEqual(groupIds);
  });

  it('messages waiting for the database are stored in one statement: across conversations on PGlite, within one on PostgreSQL', async () => {
    const [reader, a, b] = [await t.signIn(), await t.signIn(), await t.signIn()];
    await befriend(t, reader, a);
    await befriend(t, reader, b);
    const conversations = [(await repo.createDirect(t.database.db, reader.uid, a.uid)).id, (await repo.createDirect(t.database.db, reader.uid, b.uid)).id];
    const start = await chat.latestMessageId(t.database.db);
    // Its own writer, handed every message in one turn: the first finds the lane idle and goes alone, the
    // rest wait for it and go together (per conversation on PostgreSQL).
    const writer = new MessageWriter(t.database.db);
    const values = Array.from({ length: 12 }, (_, i) => ({
      conversationId: conversations[i % 2]!,
      senderId: i % 2 ? b.uid : a.uid,
      msgType: 'text',
      content: `m${i}`,
      clientId: clientId(),
      createdAt: new Date(),
    }));
    // The last one repeats message 9's client id, from the same sender in the same statement: a replay.
    values[11] = { ...values[9]!, content: 'm9' };
    const stored = await Promise.all(values.map((v) => writer.store(v)));
    expect(stored[11]).toBeUndefined();
    const ids = stored.slice(0, 11).map((m) => m!.id);
    const transactionOf = (id: number) => Math.floor(id / 256);
    const byConversation = (c: number) => ids.filter((_, i) => values[i]!.conversationId === c);
    for (const c of conversations) {
      // Within a conversation, ids follow the order the messages were handed over.
      expect([...byConversation(c)].sort((x, y) => x - y)).toEqual(byConversation(c));
      const last = (await repo.findDirect(t.database.db, reader.uid, c === conversations[0] ? a.uid : b.uid))!.lastMessageId;
      expect(last).toBe(Math.max(...byConversation(c)));
    }
    if (kind === 'pglite') {
      // One lane: the first alone, the other ten (both conversations) in one statement, in order.
      expect(ids.map(transactionOf)).toEqual([transactionOf(ids[0]!), ...Array.from({ length: 10 }, () => transactionOf(ids[1]!))]);
      expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    } else {
      // A lane per conversation: each conversation's first alone, the rest of it together.
      for (const c of conversations) {
        const own = byConversation(c).map(transactionOf);
        expect(new Set(own.slice(1)).size).toBe(1);
        expect(own[0]).not.toBe(own[1]);
      }
    }
    // Sync returns each stored message once, in id order.
    const synced = await syncAll(t, reader, start);
    expect(synced.list.map((m) => m.id)).toEqual([...ids].sort((x, y) => x - y));
  });

  it('the ready cursor and sync never pass a message that is not stored yet', async () => {
    const [a, b] = [await t.signIn(), await t.signIn()];
    await befriend(t, a, b);
    const before = await chat.latestMessageId(t.database.db);
    const stored = await send(t, a, { type: 'user', id: b.uid }, 'one');
    expect(stored.data.id).toBeGreaterThan(before);
    expect(await chat.latestMessageId(t.database.db)).toBeGreaterThanOrEqual(stored.data.id);
    expect((await syncAll(t, b, before)).list.map((m) => m.content)).toEqual(['one']);
  });
});

const postgresUrl = requiredService('TEST_DATABASE_URL');

describe.each(postgresUrl ? ['postgres' as const] : [])('conversations do not wait for each other on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a transaction held open in one conversation blocks neither another conversation nor sync, and sync waits for it rather than skip', async () => {
    const [reader, a, b] = [await t.signIn(), await t.signIn(), await t.signIn()];
    await befriend(t, reader, a);
    await befriend(t, reader, b);
    expect((await send(t, a, { type: 'user', id: reader.uid }, 'a0')).status).toBe(200);
    const start = await chat.latestMessageId(t.database.db);
    const conversationA = (await repo.findDirect(t.database.db, reader.uid, a.uid))!;

    // A's next message, stored by a transaction that stays open until released.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let heldId = 0;
    let inserted!: () => void;
    const insertedNow = new Promise<void>((resolve) => (inserted = resolve));
    const holder = t.database.db.transaction(async (tx) => {
      const row = await repo.insertMessage(tx, {
        conversationId: conversationA.id,
        senderId: a.uid,
        msgType: 'text',
        content: 'held',
        clientId: clientId(),
        createdAt: new Date(),
      });
      heldId = row!.id;
      inserted();
      await released;
    });
    await insertedNow;

    try {
      // Another conversation is not blocked.
      const started = performance.now();
      const fromB = await send(t, b, { type: 'user', id: reader.uid }, 'b1');
      expect(fromB.status).toBe(200);
      expect(performance.now() - started).toBeLessThan(2000);
      expect(fromB.data.id).toBeGreaterThan(heldId);

      // The same conversation waits for the lock.
      let secondDone = false;
      const secondFromA = send(t, a, { type: 'user', id: reader.uid }, 'a2').then((r) => {
        secondDone = true;
        return r;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(secondDone).toBe(false);

      // Sync and the ready cursor stay below the open transaction: B's message is committed, but a
      // cursor past it would skip the held one.
      const during = await t.call({ method: 'GET', url: `/api/chat/sync?after=${start}`, token: reader.token });
      expect(during.data.list).toEqual([]);
      expect(during.data.has_more).toBe(true);
      expect(await chat.latestMessageId(t.database.db)).toBeLessThan(heldId);

      release();
      await holder;
      const second = await secondFromA;
      expect(second.status).toBe(200);
      expect(second.data.id).toBeGreaterThan(fromB.data.id);
      const after = await syncAll(t, reader, start);
      expect(after.list.map((m) => m.content)).toEqual(['held', 'b1', 'a2']);
    } finally {
      release();
      await holder;
    }
  });
});
