/**
 * One flood gate for chat sends over both paths (issue 9 §3, decision 035): CHAT_FLOOD_PER_SECOND per user
 * in any rolling second, whether the messages come over HTTP, the socket, or both at once; the refusal
 * is the same localized TOO_FREQUENT, and only admitted messages are stored. With REDIS_URL the window is
 * Redis's, shared by every node (the several-node socket case is realtime-nodes.integration.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSocket } from '@reef/contract';
import { createTestApp, databaseKinds, type SignedInUser, type TestApp } from '../../test/harness.js';
import { requiredService } from '../../test/required-services.js';
import { TestSocket, socketUrl } from '../../test/socket-client.js';
import { befriend, clientId } from '../../test/chat-kit.js';
import { message } from '../../i18n/messages.js';
import { FLOOD_WINDOW_MS } from '../../infra/realtime/flood-gate.js';

const { CHAT_FLOOD_PER_SECOND } = chatSocket;
const redisUrl = requiredService('REDIS_URL');
const setups = databaseKinds.flatMap((kind) => [
  { kind, gate: 'this process', env: {} as Record<string, string> },
  ...(redisUrl ? [{ kind, gate: 'Redis', env: { REDIS_URL: redisUrl, REALTIME_CHANNEL: `reef-flood-test-${process.pid}-${kind}-${Date.now()}` } }] : []),
]);

describe.each(setups)('chat flood gate on $kind, window in $gate', ({ kind, env }) => {
  let t: TestApp;
  let origin: string;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind, env);
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await t?.close();
  });

  const pair = async () => {
    const [sender, friend] = [await t.signIn(), await t.signIn()];
    await befriend(t, sender, friend);
    return { sender, friend };
  };
  const stored = async (sender: SignedInUser, friend: SignedInUser) => {
    const page = await t.call({ method: 'GET', url: `/api/chat/messages?type=user&id=${sender.uid}&limit=100`, token: friend.token });
    return page.data.list.length as number;
  };
  const post = (sender: SignedInUser, to: SignedInUser, language: string) =>
    t.call({
      method: 'POST',
      url: '/api/chat/messages',
      token: sender.token,
      headers: { 'accept-language': language },
      payload: { conversation: { type: 'user', id: to.uid }, msg_type: 'text', content: 'burst', client_id: clientId() },
    });

  /**
   * Runs a burst (with a fresh pair each time) until one fits in a second from its first request to its
   * last answer, so every gate decision fell in one window: on a machine loaded enough to spread 30
   * requests over more than a second, the limit holds per second but "30 in a second" did not happen.
   */
  async function inOneSecond<T>(burst: (sender: SignedInUser, friend: SignedInUser, socket: TestSocket) => Promise<T>) {
    for (let attempt = 1; ; attempt++) {
      const { sender, friend } = await pair();
      const socket = await TestSocket.ready(socketUrl(origin, { type: 'user', token: sender.token, lang: 'en' }));
      sockets.push(socket);
      const started = performance.now();
      const result = await burst(sender, friend, socket);
      if (performance.now() - started < FLOOD_WINDOW_MS) return { sender, friend, result };
      if (attempt === 5) throw new Error('five bursts in a row took more than a second: the machine is too loaded to test a one-second burst');
      await new Promise((resolve) => setTimeout(resolve, FLOOD_WINDOW_MS));
    }
  }

  it(`an HTTP burst of 30 sends in a second stores ${CHAT_FLOOD_PER_SECOND} and refuses the rest, localized`, async () => {
    const {
      sender,
      friend,
      result: answers,
    } = await inOneSecond((from, to) => Promise.all(Array.from({ length: 30 }, (_, i) => post(from, to, i % 2 ? 'de' : 'zh-TW'))));
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(ok).toHaveLength(CHAT_FLOOD_PER_SECOND);
    expect(refused).toHaveLength(30 - CHAT_FLOOD_PER_SECOND);
    for (const r of refused) {
      expect(r.data).toEqual({ code: 'TOO_FREQUENT' });
      expect([message('de-de', 'TOO_FREQUENT'), message('zh-tw', 'TOO_FREQUENT')]).toContain(r.msg);
    }
    expect(refused.some((r) => r.msg === '請勿頻繁操作')).toBe(true);
    expect(await stored(sender, friend)).toBe(CHAT_FLOOD_PER_SECOND);
  });

  it(`a burst over the socket and HTTP at once also stops at ${CHAT_FLOOD_PER_SECOND}, with the same refusal on both`, async () => {
    const { sender, friend, result } = await inOneSecond(async (from, to, socket) => {
      const ids = Array.from({ length: 15 }, () => clientId());
      socket.sendBurst(
        ids.map((client_id) => ({
          type: 'to_chat',
          data: { id: to.uid, to_group: false, to_user_type: 'user', user_type: 'user', msg_type: 'text', content: 'socket', client_id },
        })),
      );
      const overHttp = await Promise.all(Array.from({ length: 15 }, () => post(from, to, 'en')));
      return { overHttp, overSocket: await Promise.all(ids.map((id) => socket.answerTo(id))) };
    });
    const { overHttp, overSocket } = result;
    const admitted = overHttp.filter((a) => a.status === 200).length + overSocket.filter((a) => a.type === 'ack').length;
    expect(admitted).toBe(CHAT_FLOOD_PER_SECOND);
    const refusals = [
      ...overHttp.filter((a) => a.status !== 200).map((a) => ({ code: a.data.code, msg: a.msg })),
      ...overSocket.filter((a) => a.type === 'error').map((a) => ({ code: (a.data as { code: string }).code, msg: (a.data as { msg: string }).msg })),
    ];
    expect(refusals).toHaveLength(30 - CHAT_FLOOD_PER_SECOND);
    for (const r of refusals) expect(r).toEqual({ code: 'TOO_FREQUENT', msg: 'Do not operate frequently' });
    expect(await stored(sender, friend)).toBe(CHAT_FLOOD_PER_SECOND);
  });
});
