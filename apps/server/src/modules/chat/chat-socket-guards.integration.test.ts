/**
 * Issue 9 §3, sockets (decision 037): a token cannot open sockets without bound, an address cannot
 * either, a page on a foreign origin cannot open one with the user's token, and a socket stops at once
 * when its session is logged out. On the real app and database through a real listening port.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSocket } from '@reef/contract';
import { TEST_ORIGIN, databaseKinds, type SignedInUser, type TestApp, createTestApp } from '../../test/harness.js';
import { TestSocket, socketUrl, type Closed } from '../../test/socket-client.js';

const { SOCKET_CLOSE } = chatSocket;

/** Opens a socket and reports how it ended up: ready, or closed with a code before ready. */
async function attempt(url: string, headers: Record<string, string> = {}): Promise<{ socket: TestSocket; outcome: 'ready' | Closed }> {
  const socket = await TestSocket.open(url, headers);
  const outcome = await Promise.race([socket.next('ready', () => true, 20_000).then(() => 'ready' as const), socket.closed]);
  return { socket, outcome };
}

describe.each(databaseKinds)('chat socket guards on %s', (kind) => {
  let t: TestApp;
  let origin: string;
  const opened: TestSocket[] = [];
  const closeAll = async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
  };

  beforeAll(async () => {
    // The defaults: 10 sockets per user, 50 per address.
    t = await createTestApp(kind);
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await closeAll();
    await t.close();
  });

  const url = (user: SignedInUser) => socketUrl(origin, { type: 'user', token: user.token, lang: 'en-us' });

  it('opens at most 10 sockets for one user: 500 at once leave 10 ready and 490 closed with 4429', async () => {
    const alice = await t.signIn();
    const results = await Promise.all(Array.from({ length: 500 }, () => attempt(url(alice))));
    opened.push(...results.map((r) => r.socket));
    const ready = results.filter((r) => r.outcome === 'ready');
    const refused = results.filter((r) => r.outcome !== 'ready').map((r) => r.outcome as Closed);
    expect(ready).toHaveLength(10);
    expect(refused).toHaveLength(490);
    for (const closed of refused) expect(closed.code).toBe(SOCKET_CLOSE.TOO_MANY_SOCKETS);
    expect(t.app.realtime.sockets.size).toBe(10);

    // Once one closes, its place is free again.
    await ready[0]!.socket.close();
    const again = await attempt(url(alice));
    opened.push(again.socket);
    expect(again.outcome).toBe('ready');
    await closeAll();
  }, 60_000);

  it('opens at most 50 sockets from one address, whoever signs in', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => t.signIn()));
    const results = await Promise.all(users.flatMap((user) => Array.from({ length: 10 }, () => attempt(url(user)))));
    opened.push(...results.map((r) => r.socket));
    expect(results.filter((r) => r.outcome === 'ready')).toHaveLength(50);
    const refused = results.filter((r) => r.outcome !== 'ready').map((r) => r.outcome as Closed);
    expect(refused).toHaveLength(10);
    for (const closed of refused) expect(closed).toEqual({ code: SOCKET_CLOSE.TOO_MANY_SOCKETS, reason: 'too many sockets from this address' });
    await closeAll();
  }, 60_000);

  it('refuses the upgrade from a foreign Origin; the configured origin and clients without one get in', async () => {
    const bob = await t.signIn();
    await expect(TestSocket.open(url(bob), { origin: 'https://evil.example' })).rejects.toThrow(/403/);
    await expect(TestSocket.open(url(bob), { origin: 'null' })).rejects.toThrow(/403/);
    const fromPage = await attempt(url(bob), { origin: TEST_ORIGIN });
    const native = await attempt(url(bob));
    opened.push(fromPage.socket, native.socket);
    expect(fromPage.outcome).toBe('ready');
    expect(native.outcome).toBe('ready');
    await closeAll();
  });

  it('closes the sockets of a session at once on logout, and only that session', async () => {
    const carol = await t.signIn();
    const otherDevice = await t.signIn(carol.wallet);
    const [first, second] = [await TestSocket.ready(url(carol)), await TestSocket.ready(url(carol))];
    const kept = await TestSocket.ready(url(otherDevice));
    opened.push(first, second, kept);
    const started = Date.now();
    expect((await t.call({ method: 'POST', url: '/api/logout', token: carol.token })).status).toBe(200);
    for (const socket of [first, second]) expect((await socket.closed).code).toBe(SOCKET_CLOSE.BAD_TOKEN);
    expect(Date.now() - started).toBeLessThan(1000);
    kept.send({ type: 'ping' });
    await kept.next('pong');
    await closeAll();
  });
});
