import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { chatApi } from '@reef/contract';
import { databaseKinds, type SignedInUser, type TestApp, withTestApp } from '../../test/harness.js';
import { multipart, png } from '../uploads/upload-fixtures.js';
import { RecordingHub, befriend, clientId, send, setNickname } from '../../test/chat-kit.js';
import * as chat from './chat.service.js';

describe.each(databaseKinds)('chat messages on %s', (kind) => {
  let t: TestApp, alice: SignedInUser, bob: SignedInUser, carol: SignedInUser;
  withTestApp({ kind, dataDir: 'reef-chat-' }, async (app) => {
    t = app;
    [alice, bob, carol] = [await t.signIn(), await t.signIn(), await t.signIn()];
    await setNickname(t, bob, 'Bob');
    await befriend(t, alice, bob);
  });

  const toBob = { type: 'user', id: 0 };
  const post = (from: SignedInUser, payload: unknown) => t.call({ method: 'POST', url: '/api/chat/messages', token: from.token, payload: payload as object });
  const messageCount = async () => {
    const rows = await t.database.db.execute(sql`select count(*)::int as n from chat_messages`);
    return (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };
  const unread = async (user: SignedInUser) => (await t.call({ method: 'GET', url: '/api/chat/unread', token: user.token })).data.total;

  it('friends chat directly; the message is stored as given and keyed from each side', async () => {
    toBob.id = bob.uid;
    const content = '  <b>hi</b> & 你好 ';
    const sent = await send(t, alice, toBob, content);
    expect(sent.status).toBe(200);
    expect(sent.data).toMatchObject({
      conversation: { type: 'user', id: bob.uid },
      from: { uid: alice.uid },
      from_type: 'user',
      msg_type: 'text',
      content,
    });
    const seenByBob = await t.call({ method: 'GET', url: `/api/chat/messages?type=user&id=${alice.uid}`, token: bob.token });
    expect(seenByBob.data.list).toEqual([{ ...sent.data, conversation: { type: 'user', id: alice.uid } }]);
    expect(seenByBob.data.has_more).toBe(false);
  });

  it('refuses strangers, yourself and unknown users, storing nothing', async () => {
    const before = await messageCount();
    expect((await send(t, alice, { type: 'user', id: carol.uid }, 'hello')).data.code).toBe('NOT_FRIENDS');
    expect((await send(t, alice, { type: 'user', id: alice.uid }, 'me')).data.code).toBe('NOT_FRIENDS');
    expect((await send(t, alice, { type: 'user', id: 9_999_999 }, 'nobody')).data.code).toBe('NOT_FRIENDS');
    const history = await t.call({ method: 'GET', url: `/api/chat/messages?type=user&id=${carol.uid}`, token: alice.token });
    expect(history.data.code).toBe('NOT_FRIENDS');
    // A stranger cannot read a conversation they are not in.
    const peek = await t.call({ method: 'GET', url: `/api/chat/messages?type=user&id=${alice.uid}`, token: carol.token });
    expect(peek.data.code).toBe('NOT_FRIENDS');
    expect(await messageCount()).toBe(before);
  });

  it('direct messages sent at once share one look-up: each friend pair gets its message, the strangers and the self-send are refused', async () => {
    // Sent together, these meet in one batched friendship look-up (decision 130); each answer must be its own.
    const [dave, erin] = [await t.signIn(), await t.signIn()];
    await befriend(t, dave, erin);
    const before = await messageCount();
    const sends = [
      send(t, alice, { type: 'user', id: bob.uid }, 'a→b'),
      send(t, bob, { type: 'user', id: alice.uid }, 'b→a'),
      send(t, dave, { type: 'user', id: erin.uid }, 'd→e'),
      send(t, erin, { type: 'user', id: dave.uid }, 'e→d'),
      send(t, alice, { type: 'user', id: carol.uid }, 'a→c'),
      send(t, carol, { type: 'user', id: dave.uid }, 'c→d'),
      send(t, dave, { type: 'user', id: dave.uid }, 'd→d'),
    ];
    const answers = await Promise.all(sends);
    expect(answers.map((a) => a.data.code ?? a.data.content)).toEqual(['a→b', 'b→a', 'd→e', 'e→d', 'NOT_FRIENDS', 'NOT_FRIENDS', 'NOT_FRIENDS']);
    expect(answers[2]!.data.conversation).toEqual({ type: 'user', id: erin.uid });
    expect(answers[3]!.data.conversation).toEqual({ type: 'user', id: dave.uid });
    expect(await messageCount()).toBe(before + 4);
    const seenByErin = await t.call({ method: 'GET', url: `/api/chat/messages?type=user&id=${dave.uid}`, token: erin.token });
    expect(seenByErin.data.list.map((m: { content: string }) => m.content).sort()).toEqual(['d→e', 'e→d']);
  });

  it('refuses missing, mistyped, empty, blank and too long input', async () => {
    const before = await messageCount();
    const base = { conversation: toBob, msg_type: 'text', content: 'x', client_id: clientId() };
    const bad: unknown[] = [
      {},
      { ...base, content: undefined },
      { ...base, content: '' },
      { ...base, content: '   \n ' },
      { ...base, content: 'x'.repeat(chatApi.CHAT_TEXT_MAX + 1) },
      { ...base, content: 42 },
      { ...base, msg_type: 'html' },
      { ...base, msg_type: 'emoji', content: '😀'.repeat(17) },
      { ...base, client_id: 'short' },
      { ...base, client_id: 'has spaces in it' },
      { ...base, client_id: undefined },
      { ...base, conversation: { type: 'room', id: 1 } },
      { ...base, conversation: { type: 'user', id: -1 } },
      { ...base, conversation: { type: 'user', id: '2' } },
    ];
    for (const payload of bad) expect((await post(alice, payload)).data.code).toBe('PARAMETER_ERROR');
    expect(await messageCount()).toBe(before);
    const longest = await post(alice, { ...base, content: 'y'.repeat(chatApi.CHAT_TEXT_MAX) });
    expect(longest.status).toBe(200);
    const emoji = await post(alice, { ...base, client_id: clientId(), msg_type: 'emoji', content: '👍🏽' });
    expect(emoji.data.msg_type).toBe('emoji');
  });

  it('a replayed client_id returns the stored message once; reusing it for other content is refused', async () => {
    // A pair of its own: every send, replays included, passes the sender's flood gate (20 a second).
    const [alice, bob] = [await t.signIn(), await t.signIn()];
    await befriend(t, alice, bob);
    const toBob = { type: 'user', id: bob.uid };
    const id = clientId();
    const payload = { conversation: toBob, msg_type: 'text', content: 'once', client_id: id };
    const first = await post(alice, payload);
    const before = await messageCount();
    const again = await post(alice, payload);
    expect(again.data).toEqual(first.data);
    const racing = await Promise.all(Array.from({ length: 5 }, () => post(alice, payload)));
    expect(new Set(racing.map((r) => r.data.id))).toEqual(new Set([first.data.id]));
    expect(await messageCount()).toBe(before);
    expect((await post(alice, { ...payload, content: 'different' })).data.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // The client id is the sender's: another sender may use the same one.
    const bobSame = await post(bob, { conversation: { type: 'user', id: alice.uid }, msg_type: 'text', content: 'once', client_id: id });
    expect(bobSame.data.id).not.toBe(first.data.id);
  });

  it('concurrent first-time sends with one client_id store one message', async () => {
    const [alice, bob] = [await t.signIn(), await t.signIn()];
    await befriend(t, alice, bob);
    const toBob = { type: 'user', id: bob.uid };
    const payload = { conversation: toBob, msg_type: 'text', content: 'race', client_id: clientId() };
    const before = await messageCount();
    const results = await Promise.all(Array.from({ length: 8 }, () => post(alice, payload)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.data.id)).size).toBe(1);
    expect(await messageCount()).toBe(before + 1);
  });

  it('images must be the sender’s own uploads', async () => {
    const { payload, contentType } = multipart([{ name: 'file', filename: 'a.png', contentType: 'image/png', data: png() }]);
    const uploaded = await t.call({ method: 'POST', url: '/api/upload', token: alice.token, payload, headers: { 'content-type': contentType } });
    expect(uploaded.status).toBe(200);
    const address: string = uploaded.data;
    const image = (from: SignedInUser, to: { type: string; id: number }, content: string) =>
      post(from, { conversation: to, msg_type: 'image', content, client_id: clientId() });
    const ok = await image(alice, toBob, address);
    expect(ok.data).toMatchObject({ msg_type: 'image', content: address });
    expect((await image(bob, { type: 'user', id: alice.uid }, address)).data.code).toBe('CHAT_IMAGE_INVALID');
    expect((await image(alice, toBob, 'https://evil.example/x.png')).data.code).toBe('CHAT_IMAGE_INVALID');
    expect((await image(alice, toBob, `/uploads/${'0'.repeat(64)}.png`)).data.code).toBe('CHAT_IMAGE_INVALID');
  });

  it('history pages newest first by a message id cursor', async () => {
    const [d, e] = [await t.signIn(), await t.signIn()];
    await befriend(t, d, e);
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await send(t, d, { type: 'user', id: e.uid }, `m${i}`)).data.id);
    const page1 = await t.call({ method: 'GET', url: `/api/chat/messages?type=user&id=${e.uid}&limit=2`, token: d.token });
    expect(page1.data.list.map((m: { content: string }) => m.content)).toEqual(['m4', 'm3']);
    expect(page1.data.has_more).toBe(true);
    const page2 = await t.call({ method: 'GET', url: `/api/chat/messages?type=user&id=${e.uid}&limit=2&before=${ids[3]}`, token: d.token });
    expect(page2.data.list.map((m: { content: string }) => m.content)).toEqual(['m2', 'm1']);
    const page3 = await t.call({ method: 'GET', url: `/api/chat/messages?type=user&id=${e.uid}&limit=2&before=${ids[1]}`, token: d.token });
    expect(page3.data).toMatchObject({ has_more: false });
    expect(page3.data.list.map((m: { content: string }) => m.content)).toEqual(['m0']);
    for (const query of [
      'type=user',
      `type=user&id=${e.uid}&limit=0`,
      `type=user&id=${e.uid}&limit=101`,
      `type=x&id=${e.uid}`,
      `type=user&id=${e.uid}&before=abc`,
    ]) {
      expect((await t.call({ method: 'GET', url: `/api/chat/messages?${query}`, token: d.token })).data.code).toBe('PARAMETER_ERROR');
    }
  });

  it('unread counts messages after my mark not sent by me; marks never move back or past the newest', async () => {
    const [reader, writer] = [await t.signIn(), await t.signIn()];
    await befriend(t, reader, writer);
    const to = { type: 'user', id: reader.uid };
    const sent = [];
    for (const text of ['one', 'two', 'three']) sent.push((await send(t, writer, to, text)).data.id);
    await send(t, reader, { type: 'user', id: writer.uid }, 'mine');
    expect(await unread(reader)).toBe(3);
    expect(await unread(writer)).toBe(1);

    const read = (user: SignedInUser, conversation: object, last_id: unknown) =>
      t.call({ method: 'POST', url: '/api/chat/read', token: user.token, payload: { conversation, last_id } });
    const mid = await read(reader, { type: 'user', id: writer.uid }, sent[1]);
    expect(mid.data).toEqual({ conversation: { type: 'user', id: writer.uid }, last_read_id: sent[1], unread: 1, total_unread: 1 });
    const back = await read(reader, { type: 'user', id: writer.uid }, sent[0]);
    expect(back.data).toMatchObject({ last_read_id: sent[1], unread: 1 });
    const far = await read(reader, { type: 'user', id: writer.uid }, Number.MAX_SAFE_INTEGER);
    const list = await t.call({ method: 'GET', url: '/api/chat/conversations', token: reader.token });
    const newest = list.data.list[0].last_message.id;
    expect(far.data).toMatchObject({ last_read_id: newest, unread: 0, total_unread: 0 });
    // A message after the mark counts again.
    await send(t, writer, to, 'four');
    expect(await unread(reader)).toBe(1);

    expect((await read(reader, { type: 'user', id: carol.uid }, 1)).data.code).toBe('NOT_FRIENDS');
    expect((await read(reader, { type: 'user', id: writer.uid }, 0)).data.code).toBe('PARAMETER_ERROR');
    expect((await read(reader, { type: 'user' }, 1)).data.code).toBe('PARAMETER_ERROR');
  });

  it('lists conversations newest first with title, last message and unread, and a total', async () => {
    const [me, f1, f2] = [await t.signIn(), await t.signIn(), await t.signIn()];
    await setNickname(t, f1, 'First');
    await befriend(t, me, f1);
    await befriend(t, me, f2);
    await t.call({ method: 'POST', url: `/api/chat/friends/${f2.uid}/remark`, token: me.token, payload: { remark: 'Second (remark)' } });
    await send(t, f1, { type: 'user', id: me.uid }, 'from f1');
    await send(t, f2, { type: 'user', id: me.uid }, 'from f2');
    await send(t, f2, { type: 'user', id: me.uid }, 'again f2');
    const list = await t.call({ method: 'GET', url: '/api/chat/conversations', token: me.token });
    expect(list.data.total_unread).toBe(3);
    expect(
      list.data.list.map((c: { title: string; unread: number; last_message: { content: string } }) => [c.title, c.unread, c.last_message.content]),
    ).toEqual([
      ['Second (remark)', 2, 'again f2'],
      ['First', 1, 'from f1'],
    ]);
    expect(list.data.list[1].conversation).toEqual({ type: 'user', id: f1.uid });
  });

  it('sync returns what came after an id in my conversations only, oldest first, in pages', async () => {
    const [me, friend, other1, other2] = [await t.signIn(), await t.signIn(), await t.signIn(), await t.signIn()];
    await befriend(t, me, friend);
    await befriend(t, other1, other2);
    const start = await chat.latestMessageId(t.database.db);
    const hub = new RecordingHub();
    const meActor = { id: me.uid, serviceAgent: false };
    const friendActor = { id: friend.uid, serviceAgent: false };
    const mine: number[] = [];
    for (let i = 0; i < chatApi.CHAT_SYNC_LIMIT + 3; i += 1) {
      const actor = i % 2 === 0 ? meActor : friendActor;
      const to = i % 2 === 0 ? friend.uid : me.uid;
      mine.push(
        (
          await chat.sendMessage(t.database.db, hub, actor, {
            conversation: { type: 'user', id: to },
            msg_type: 'text',
            content: `s${i}`,
            client_id: clientId(),
          })
        ).id,
      );
      if (i === 5) await send(t, other1, { type: 'user', id: other2.uid }, 'not yours');
    }
    const first = await t.call({ method: 'GET', url: `/api/chat/sync?after=${start}`, token: me.token });
    expect(first.data.has_more).toBe(true);
    expect(first.data.list.map((m: { id: number }) => m.id)).toEqual(mine.slice(0, chatApi.CHAT_SYNC_LIMIT));
    expect(first.data.list[0].conversation).toEqual({ type: 'user', id: friend.uid });
    const last = first.data.list.at(-1).id;
    const second = await t.call({ method: 'GET', url: `/api/chat/sync?after=${last}`, token: me.token });
    expect(second.data).toMatchObject({ has_more: false });
    expect(second.data.list.map((m: { id: number }) => m.id)).toEqual(mine.slice(chatApi.CHAT_SYNC_LIMIT));
    const none = await t.call({ method: 'GET', url: `/api/chat/sync?after=${mine.at(-1)}`, token: me.token });
    expect(none.data).toEqual({ list: [], has_more: false });
    expect((await t.call({ method: 'GET', url: '/api/chat/sync?after=-1', token: me.token })).data.code).toBe('PARAMETER_ERROR');
    expect((await t.call({ method: 'GET', url: '/api/chat/sync', token: me.token })).data.code).toBe('PARAMETER_ERROR');
  });

  it('publishes chat to both sides keyed for each, read to the other side and the exact total to the reader', async () => {
    const hub = new RecordingHub();
    // The first send and its replay must carry the same text, so both go through one call.
    const sendFrames = (client_id: string) =>
      chat.sendMessage(
        t.database.db,
        hub,
        { id: alice.uid, serviceAgent: false },
        { conversation: { type: 'user', id: bob.uid }, msg_type: 'text', content: 'frames', client_id },
      );
    const message = await sendFrames(clientId());
    expect(hub.to(alice.uid, 'chat').map((f) => f.data)).toEqual([message]);
    expect(hub.to(bob.uid, 'chat').map((f) => f.data)).toEqual([{ ...message, conversation: { type: 'user', id: alice.uid } }]);
    expect(hub.recipients('chat')).toEqual([alice.uid, bob.uid].sort((a, b) => a - b));

    // A replay publishes nothing.
    hub.clear();
    await sendFrames(message.client_id!);
    expect(hub.sent).toEqual([]);

    const result = await chat.markRead(t.database.db, hub, { id: bob.uid, serviceAgent: false }, { type: 'user', id: alice.uid }, message.id);
    expect(hub.to(alice.uid, 'read').map((f) => f.data)).toEqual([{ conversation: { type: 'user', id: bob.uid }, reader: bob.uid, last_read_id: message.id }]);
    expect(hub.to(bob.uid, 'unread').map((f) => f.data)).toEqual([{ total: result.total_unread }]);
    expect(result.total_unread).toBe(await chat.totalUnread(t.database.db, bob.uid));
    expect(hub.to(bob.uid, 'read')).toEqual([]);
  });

  it('maps to_chat frames to conversations', () => {
    const user = { id: 7, serviceAgent: false };
    const agent = { id: 8, serviceAgent: true };
    const data = { id: 5, to_group: false, to_user_type: 'user', user_type: 'user', content: 'x', msg_type: 'text', client_id: 'abcdefgh' } as const;
    expect(chat.toChatToSendBody(user, data).conversation).toEqual({ type: 'user', id: 5 });
    expect(chat.toChatToSendBody(user, { ...data, to_group: true }).conversation).toEqual({ type: 'group', id: 5 });
    expect(chat.toChatToSendBody(user, { ...data, id: 0, to_user_type: 'service' }).conversation).toEqual({ type: 'service', id: 7 });
    expect(chat.toChatToSendBody(agent, { ...data, user_type: 'service' }).conversation).toEqual({ type: 'service', id: 5 });
    expect(() => chat.toChatToSendBody(user, { ...data, user_type: 'service' })).toThrow('NOT_SERVICE_AGENT');
  });

  it('the gateway path validates like the HTTP one, once, before anything is stored', async () => {
    const actor = { id: alice.uid, serviceAgent: false };
    const before = await messageCount();
    const frame = { id: bob.uid, to_group: false, to_user_type: 'user', user_type: 'user', content: 'x', msg_type: 'text', client_id: clientId() } as const;
    expect(() => chat.toChatToSendBody(actor, { ...frame, content: '   ' })).toThrow('PARAMETER_ERROR');
    expect(() => chat.toChatToSendBody(actor, { ...frame, id: 0 })).toThrow('PARAMETER_ERROR');
    expect(await messageCount()).toBe(before);
  });
});
