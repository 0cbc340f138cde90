/**
 * The chat socket on the real app and database, through a real listening port and the `ws` client:
 * the handshake, heartbeat and idle close, refusals as error frames that leave the socket open, flood
 * control, fan-out to every socket of a user, and the 1001 close at shutdown.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chatSocket } from '@reef/contract';
import { databaseKinds, type SignedInUser, type TestApp, createTestApp } from '../../test/harness.js';
import { TestSocket, socketUrl, wait } from '../../test/socket-client.js';
import { SESSION_RECHECK_MS } from './chat-gateway.js';
import { hashToken, logout } from '../auth/auth.service.js';
import type { AuthUser } from '../../core/auth-user.js';

const { SOCKET_CLOSE, SOCKET_FRAME_MAX_BYTES, CHAT_FLOOD_PER_SECOND } = chatSocket;

let sequence = 0;
const clientId = () => `test-${Date.now().toString(36)}-${++sequence}`;

function toChat(to: number, content: string, options: { group?: boolean; id?: string } = {}) {
  return {
    type: 'to_chat',
    data: { id: to, to_group: options.group ?? false, to_user_type: 'user', user_type: 'user', msg_type: 'text', content, client_id: options.id ?? clientId() },
  } as const;
}

describe.each(databaseKinds)('chat socket on %s', (kind) => {
  let t: TestApp;
  let origin: string;
  let alice: SignedInUser;
  let bob: SignedInUser;
  let carol: SignedInUser;
  let groupId: number;
  const sockets: TestSocket[] = [];

  const connect = async (user: SignedInUser | null, query: Record<string, string> = {}, headers: Record<string, string> = {}) => {
    const socket = await TestSocket.open(socketUrl(origin, { type: 'user', ...(user ? { token: user.token } : {}), ...query }), headers);
    sockets.push(socket);
    return socket;
  };
  const ready = async (user: SignedInUser, query: Record<string, string> = {}, headers: Record<string, string> = {}) => {
    const socket = await connect(user, query, headers);
    await socket.next('ready');
    return socket;
  };
  const befriend = async (a: SignedInUser, b: SignedInUser) => {
    const request = await t.call({ method: 'POST', url: '/api/chat/friend-requests', token: a.token, payload: { uid: b.uid, note: 'hi' } });
    expect(request.status).toBe(200);
    const accepted = await t.call({ method: 'POST', url: `/api/chat/friend-requests/${request.data.id}/accept`, token: b.token });
    expect(accepted.status).toBe(200);
  };
  const sync = async (user: SignedInUser, after = 0) => {
    const res = await t.call({ method: 'GET', url: `/api/chat/sync?after=${after}`, token: user.token });
    expect(res.status).toBe(200);
    return res.data.list as { id: number; content: string; client_id: string | null }[];
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    [alice, bob, carol] = [await t.signIn(), await t.signIn(), await t.signIn()];
    await befriend(alice, bob);
    // Alice's group with Bob; Carol is nobody's friend and in no group.
    const group = await t.call({
      method: 'POST',
      url: '/api/chat/groups',
      token: alice.token,
      payload: { name: 'Reef', nickname: 'alice', announcement: 'Welcome', member_uids: [bob.uid] },
    });
    expect(group.status).toBe(200);
    groupId = group.data.id;
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await t.close();
  });

  it('sends ready first (uid, newest message id), answers ping with pong', async () => {
    const socket = await connect(alice);
    const first = await socket.next('ready');
    expect(socket.frames[0]).toBe(first);
    expect(first.data.uid).toBe(alice.uid);
    expect(first.data.last_message_id).toBeGreaterThanOrEqual(0);
    socket.send({ type: 'ping' });
    const pong = await socket.next('pong');
    expect(Math.abs(Date.parse(pong.data.server_time) - Date.now())).toBeLessThan(5000);
  });

  it('refuses a missing, unknown or revoked token with 4401 and the auth status', async () => {
    const missing = await connect(null, { lang: 'en-us' });
    expect(await missing.closed).toEqual({ code: SOCKET_CLOSE.BAD_TOKEN, reason: '410000 You are not logged in' });
    const unknown = await connect({ ...alice, token: 'x'.repeat(43) });
    expect((await unknown.closed).code).toBe(SOCKET_CLOSE.BAD_TOKEN);
    expect((await unknown.closed).reason).toMatch(/^410001 /);

    const leaving = await t.signIn();
    expect((await t.call({ method: 'POST', url: '/api/logout', token: leaving.token })).status).toBe(200);
    const revoked = await connect(leaving);
    expect((await revoked.closed).code).toBe(SOCKET_CLOSE.BAD_TOKEN);
    expect((await revoked.closed).reason).toMatch(/^410002 /);
    // Nothing but the close: no ready, no frames.
    expect([...missing.frames, ...unknown.frames, ...revoked.frames]).toEqual([]);
  });

  it('refuses a type other than user with 4400', async () => {
    const socket = await connect(alice, { type: 'admin' });
    expect(await socket.closed).toEqual({ code: SOCKET_CLOSE.BAD_TYPE, reason: 'type must be user' });
    const none = await TestSocket.open(socketUrl(origin, { token: alice.token }));
    sockets.push(none);
    expect((await none.closed).code).toBe(SOCKET_CLOSE.BAD_TYPE);
  });

  it('answers malformed, unknown, oversize and binary frames with a localized error and stays open', async () => {
    const socket = await ready(alice, { lang: 'en-us' });
    const refusal = { code: 'PARAMETER_ERROR', msg: 'Parameter error', client_id: null };
    socket.sendRaw('not json');
    expect((await socket.next('error')).data).toEqual(refusal);
    socket.send({ type: 'subscribe', data: {} });
    expect((await socket.next('error')).data).toEqual(refusal);
    socket.sendRaw(JSON.stringify({ type: 'ping', pad: 'x'.repeat(SOCKET_FRAME_MAX_BYTES) }));
    expect((await socket.next('error')).data).toEqual(refusal);
    socket.sendRaw(Buffer.from([1, 2, 3]));
    expect((await socket.next('error')).data).toEqual(refusal);
    // A to_chat too long to store still names its client id, so the client can mark that message failed.
    const id = clientId();
    socket.send(toChat(bob.uid, 'x'.repeat(1001), { id }));
    expect((await socket.next('error')).data).toEqual({ ...refusal, client_id: id });
    socket.send({ type: 'to_chat', data: { id: bob.uid } });
    expect((await socket.next('error')).data).toEqual(refusal);

    socket.send({ type: 'ping' });
    await socket.next('pong');
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    expect((await sync(bob)).filter((m) => m.client_id === id)).toEqual([]);
  });

  it('speaks the language of the lang query, else of Accept-Language', async () => {
    const german = await ready(alice, {}, { 'accept-language': 'de-DE,de;q=0.9' });
    german.sendRaw('{');
    expect((await german.next('error')).data.msg).toBe('Parameterfehler');
    const russian = await ready(alice, { lang: 'rus' }, { 'accept-language': 'de' });
    russian.sendRaw('{');
    expect((await russian.next('error')).data.msg).toBe('Ошибка параметров');
  });

  it('acknowledges to_chat with the stored message, and every socket of both users gets it once', async () => {
    const alicePhone = await ready(alice);
    const aliceLaptop = await ready(alice);
    const bobPhone = await ready(bob);
    const bobLaptop = await ready(bob);
    const id = clientId();
    alicePhone.send(toChat(bob.uid, 'hello Bob', { id }));
    const ack = await alicePhone.next('ack');
    expect(ack.data.client_id).toBe(id);
    expect(ack.data.message).toMatchObject({ client_id: id, content: 'hello Bob', conversation: { type: 'user', id: bob.uid }, from: { uid: alice.uid } });

    for (const socket of [bobPhone, bobLaptop]) {
      const chat = await socket.next('chat');
      expect(chat.data).toMatchObject({ id: ack.data.message.id, content: 'hello Bob', conversation: { type: 'user', id: alice.uid } });
    }
    expect((await aliceLaptop.next('chat')).data.id).toBe(ack.data.message.id);
    const stored = (await sync(bob, ack.data.message.id - 1)).filter((m) => m.client_id === id);
    expect(stored.map((m) => m.id)).toEqual([ack.data.message.id]);
    await wait(100);
    for (const socket of [bobPhone, bobLaptop, aliceLaptop]) expect(socket.all('chat').filter((c) => c.data.id === ack.data.message.id)).toHaveLength(1);
  });

  it('stores a resent client id once and acknowledges it with the same message', async () => {
    const socket = await ready(alice);
    const id = clientId();
    socket.send(toChat(bob.uid, 'once', { id }));
    socket.send(toChat(bob.uid, 'once', { id }));
    const [first, second] = [await socket.next('ack'), await socket.next('ack')];
    expect(second.data.message).toEqual(first.data.message);
    expect((await sync(bob)).filter((m) => m.client_id === id)).toHaveLength(1);
  });

  it('stores a message once when two sockets of the sender send the same client id at the same moment', async () => {
    const phone = await ready(alice);
    const laptop = await ready(alice);
    const id = clientId();
    phone.send(toChat(bob.uid, 'raced', { id }));
    laptop.send(toChat(bob.uid, 'raced', { id }));
    const [a, b] = [await phone.answerTo(id), await laptop.answerTo(id)];
    expect([a.type, b.type]).toEqual(['ack', 'ack']);
    expect(a.type === 'ack' && b.type === 'ack' && a.data.message.id === b.data.message.id).toBe(true);
    expect((await sync(bob)).filter((m) => m.client_id === id)).toHaveLength(1);
  });

  it('refuses a non-member posting to a group and stores nothing', async () => {
    const socket = await ready(carol, { lang: 'en-us' });
    const id = clientId();
    socket.send(toChat(groupId, 'let me in', { group: true, id }));
    const error = await socket.next('error');
    expect(error.data).toEqual({ code: 'NOT_GROUP_MEMBER', msg: 'You are not a member of this group', client_id: id });
    expect(socket.all('ack')).toEqual([]);
    expect((await sync(alice)).filter((m) => m.content === 'let me in')).toEqual([]);
    // And a direct message to someone who is not a friend.
    socket.send(toChat(alice.uid, 'hi stranger'));
    expect((await socket.next('error')).data.code).toBe('NOT_FRIENDS');
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
  });

  it(`refuses more than ${CHAT_FLOOD_PER_SECOND} messages a second from one user across their sockets, storing only those admitted`, async () => {
    const one = await ready(bob, { lang: 'en-us' });
    const two = await ready(bob, { lang: 'en-us' });
    const before = (await sync(alice)).length;
    const ids = Array.from({ length: 30 }, () => clientId());
    const frames = ids.map((id, i) => toChat(groupId, `flood ${i}`, { group: true, id }));
    one.sendBurst(frames.filter((_, i) => i % 2));
    two.sendBurst(frames.filter((_, i) => !(i % 2)));
    const answers = await Promise.all(ids.map((id, i) => (i % 2 ? one : two).answerTo(id)));
    const refused = answers.filter((a) => a.type === 'error');
    expect(answers.filter((a) => a.type === 'ack')).toHaveLength(CHAT_FLOOD_PER_SECOND);
    expect(refused).toHaveLength(30 - CHAT_FLOOD_PER_SECOND);
    for (const r of refused) expect(r.data).toMatchObject({ code: 'TOO_FREQUENT', msg: 'Do not operate frequently' });
    expect((await sync(alice)).length - before).toBe(CHAT_FLOOD_PER_SECOND);

    // A second later the user may write again.
    await wait(1100);
    one.send(toChat(groupId, 'calm again', { group: true }));
    expect((await one.next('ack', (f) => f.data.message.content === 'calm again')).data.message.id).toBeGreaterThan(0);
  });

  it('answers online with the unread total, and read with the new total to the reader and a read frame to the sender', async () => {
    const sender = await ready(alice);
    const reader = await ready(bob);
    sender.send(toChat(bob.uid, 'unread one'));
    const sent = (await sender.next('ack')).data.message;
    await reader.next('chat', (f) => f.data.id === sent.id);

    reader.send({ type: 'online' });
    const before = (await reader.next('unread')).data.total;
    expect(before).toBeGreaterThanOrEqual(1);
    const http = await t.call({ method: 'GET', url: '/api/chat/unread', token: bob.token });
    expect(http.data.total).toBe(before);

    reader.send({ type: 'read', data: { conversation: { type: 'user', id: alice.uid }, last_id: sent.id } });
    const after = (await reader.next('unread')).data.total;
    expect(after).toBeLessThan(before);
    const read = await sender.next('read');
    expect(read.data).toEqual({ conversation: { type: 'user', id: bob.uid }, reader: bob.uid, last_read_id: sent.id });

    reader.send({ type: 'read', data: { conversation: { type: 'group', id: 999_999 }, last_id: 1 } });
    expect((await reader.next('error')).data.code).toBe('NOT_GROUP_MEMBER');
  });
});

describe('chat socket lifetime', () => {
  let t: TestApp;
  let origin: string;
  let user: SignedInUser;
  const sockets: TestSocket[] = [];
  const ready = async () => {
    const socket = await TestSocket.ready(socketUrl(origin, { type: 'user', token: user.token }));
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    // No database work here beyond signing in: PGlite is enough.
    t = await createTestApp('pglite', { SOCKET_IDLE_SECONDS: '1' });
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    user = await t.signIn();
  });
  let closed = false;
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    if (!closed) await t.close();
  });

  it('closes a socket that sends nothing for SOCKET_IDLE_SECONDS with 4408, and keeps one that pings', async () => {
    const silent = await ready();
    const pinging = await ready();
    const timer = setInterval(() => pinging.send({ type: 'ping' }), 300);
    try {
      const closed = await silent.closed;
      expect(closed).toEqual({ code: SOCKET_CLOSE.IDLE, reason: 'idle' });
      await wait(700);
      expect(pinging.ws.readyState).toBe(pinging.ws.OPEN);
    } finally {
      clearInterval(timer);
      await pinging.close();
    }
  });

  it('closes the socket of a session revoked without word to this node with 4401 at the next ping once a minute has passed', async () => {
    const leaving = await t.signIn();
    const socket = await TestSocket.ready(socketUrl(origin, { type: 'user', token: leaving.token, lang: 'en-us' }));
    sockets.push(socket);
    // Revoked in the database only, as when the 'session revoked' message missed this node (Redis
    // down); POST /api/logout closes the socket at once (chat-socket-guards.integration.test.ts).
    await logout(t.database.db, { tokenHash: hashToken(leaving.token) } as AuthUser, undefined);
    // Within the minute the socket lives on: the session is not looked up at every ping.
    socket.send({ type: 'ping' });
    await socket.next('pong');
    // Only the clock moves (timers stay real), so the next ping is past the recheck interval.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + SESSION_RECHECK_MS + 1000);
      socket.send({ type: 'ping' });
      expect(await socket.closed).toEqual({ code: SOCKET_CLOSE.BAD_TOKEN, reason: '410002 Your login has expired, please sign in again' });
    } finally {
      vi.useRealTimers();
    }
    expect(socket.all('pong')).toHaveLength(1);
  });

  it('closes every socket with 1001 going away at shutdown', async () => {
    const open = await ready();
    const second = await ready();
    expect(t.app.realtime.sockets.size).toBe(2);
    closed = true;
    await t.close();
    expect(await open.closed).toEqual({ code: SOCKET_CLOSE.GOING_AWAY, reason: 'server shutting down' });
    expect((await second.closed).code).toBe(SOCKET_CLOSE.GOING_AWAY);
    expect(t.app.realtime.sockets.size).toBe(0);
  });
});
