/**
 * Issue 4 "reconnect after the server restarts": a real server process is stopped (SIGTERM: sockets
 * close with 1001) while messages are in flight and started again on the same database and port. The
 * clients do what the web client does: the sender resends what was never acknowledged with the same
 * client id, the receiver reconnects and catches up with GET /api/chat/sync from the last id it saw.
 * Nothing is lost and nothing is doubled. On PGlite (a data directory) and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSocket, type ChatMessage } from '@reef/contract';
import { databaseKinds, migratedPgliteDataDir } from '../../test/harness.js';
import { callApi, createScratchDatabaseUrl, signInOverHttp, startServerProcess, type HttpUser, type ServerProcess } from '../../test/server-process.js';
import { TestSocket, socketUrl } from '../../test/socket-client.js';

const toChat = (to: number, content: string, id: string) =>
  ({ type: 'to_chat', data: { id: to, to_group: false, to_user_type: 'user', user_type: 'user', msg_type: 'text', content, client_id: id } }) as const;

describe.each(databaseKinds)('a server restart on %s', (kind) => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let server: ServerProcess;
  let alice: HttpUser;
  let bob: HttpUser;
  const sockets: TestSocket[] = [];

  const connect = async (user: HttpUser) => {
    const socket = await TestSocket.ready(socketUrl(server.origin, { type: 'user', token: user.token }));
    sockets.push(socket);
    return socket;
  };
  const syncAfter = async (user: HttpUser, after: number) => {
    const list: ChatMessage[] = [];
    for (let more = true; more;) {
      const res = await callApi(server.origin, 'GET', `/api/chat/sync?after=${list.at(-1)?.id ?? after}`, user.token);
      expect(res.status).toBe(200);
      list.push(...res.data.list);
      more = res.data.has_more;
    }
    return list;
  };

  beforeAll(async () => {
    if (kind === 'pglite') {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'reef-restart-'));
      await migratedPgliteDataDir(dir);
      env = { DATA_DIR: dir };
      cleanup = () => rm(dir, { recursive: true, force: true });
    } else {
      const database = await createScratchDatabaseUrl(process.env.TEST_DATABASE_URL!, 'reef_restart');
      env = { DATABASE_URL: database.url };
      cleanup = database.drop;
    }
    server = await startServerProcess(env);
    [alice, bob] = [await signInOverHttp(server.origin), await signInOverHttp(server.origin)];
    const request = await callApi(server.origin, 'POST', '/api/chat/friend-requests', alice.token, { uid: bob.uid, note: '' });
    expect((await callApi(server.origin, 'POST', `/api/chat/friend-requests/${request.data.id}/accept`, bob.token)).status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    expect(await server?.stop()).toBe(0);
    await cleanup?.();
  });

  it('loses and doubles nothing across a stop and start on the same database', async () => {
    let aliceSocket = await connect(alice);
    let bobSocket = await connect(bob);

    aliceSocket.send(toChat(bob.uid, 'before', 'restart-before-0001'));
    const before = (await aliceSocket.next('ack')).data.message;
    let bobLastSeen = (await bobSocket.next('chat', (f) => f.data.id === before.id)).data.id;

    // In flight when the server goes down: some may be stored, their acks may or may not arrive.
    const inFlight = Array.from({ length: 8 }, (_, i) => ({ id: `restart-${randomBytes(4).toString('hex')}-${i}`, content: `in flight ${i}` }));
    for (const m of inFlight.slice(0, 4)) aliceSocket.send(toChat(bob.uid, m.content, m.id));
    const stopping = server.stop();
    // Sent as the process is told to stop: these are most likely never read, so the resend path runs.
    for (const m of inFlight.slice(4)) aliceSocket.send(toChat(bob.uid, m.content, m.id));
    const [aliceClosed, bobClosed] = [await aliceSocket.closed, await bobSocket.closed];
    expect(await stopping).toBe(0);
    expect(aliceClosed.code).toBe(chatSocket.SOCKET_CLOSE.GOING_AWAY);
    expect(bobClosed.code).toBe(chatSocket.SOCKET_CLOSE.GOING_AWAY);
    const acked = new Set(aliceSocket.all('ack').map((f) => f.data.client_id));
    for (const f of bobSocket.all('chat')) bobLastSeen = Math.max(bobLastSeen, f.data.id);
    const bobBefore = bobSocket.all('chat').map((f) => f.data.id);

    server = await startServerProcess(env, server.port);
    aliceSocket = await connect(alice);
    bobSocket = await connect(bob);
    // The sender resends what it has no ack for, with the same client ids.
    const unacked = inFlight.filter((m) => !acked.has(m.id));
    for (const m of unacked) aliceSocket.send(toChat(bob.uid, m.content, m.id));
    for (const m of unacked) expect((await aliceSocket.answerTo(m.id)).type).toBe('ack');

    // The receiver catches up from the last id it saw; frames may also arrive live: it merges by id.
    const caughtUp = await syncAfter(bob, bobLastSeen);
    const received = new Map<number, string>();
    for (const id of bobBefore) received.set(id, 'before restart');
    for (const m of caughtUp) received.set(m.id, m.content);
    for (const f of bobSocket.all('chat')) received.set(f.data.id, f.data.content);

    const everything = await syncAfter(bob, 0);
    expect(everything.map((m) => m.content)).toEqual(['before', ...inFlight.map((m) => m.content)]);
    expect(new Set(everything.map((m) => m.client_id)).size).toBe(everything.length);
    // Every stored message reached Bob, through a frame before the stop or the catch-up after it.
    expect([...received.keys()].sort((a, b) => a - b)).toEqual(everything.map((m) => m.id));
    expect(caughtUp.map((m) => m.id)).toEqual(everything.filter((m) => m.id > bobLastSeen).map((m) => m.id));
  });
});
