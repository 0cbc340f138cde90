/**
 * Issue 9 §3 (decision 037): logging out on one node closes the session's sockets on every node within
 * a second, through the `<channel>:session-revoked` Redis channel; the user's other sessions keep
 * theirs. Two real server processes on one PostgreSQL database and one Redis (in CI a missing one fails
 * the run: see test/required-services.ts).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSocket } from '@reef/contract';
import { requiredService } from '../../test/required-services.js';
import { callApi, createScratchDatabaseUrl, signInOverHttp, startServerProcess, type ServerProcess } from '../../test/server-process.js';
import { TestSocket, socketUrl } from '../../test/socket-client.js';

const databaseServer = requiredService('TEST_DATABASE_URL');
const redisUrl = requiredService('REDIS_URL');

describe.runIf(databaseServer && redisUrl)('logout across server nodes', () => {
  let database: { url: string; drop(): Promise<void> };
  const nodes: ServerProcess[] = [];
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    database = await createScratchDatabaseUrl(databaseServer!, 'reef_revoke');
    const env = { DATABASE_URL: database.url, REDIS_URL: redisUrl!, REALTIME_CHANNEL: `reef-test-${randomBytes(6).toString('hex')}` };
    nodes.push(await startServerProcess(env));
    nodes.push(await startServerProcess(env));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    const codes = await Promise.all(nodes.map((n) => n.stop()));
    await database?.drop();
    expect(
      codes.every((code) => code === 0),
      nodes.map((n) => n.log()).join('\n---\n'),
    ).toBe(true);
  });

  it('closes the session’s socket on node B within a second of logout on node A', async () => {
    const [one, two] = nodes as [ServerProcess, ServerProcess];
    const erin = await signInOverHttp(one.origin);
    const erinElsewhere = await signInOverHttp(two.origin, erin.wallet);
    const onTwo = await TestSocket.ready(socketUrl(two.origin, { type: 'user', token: erin.token, lang: 'en-us' }));
    const onOne = await TestSocket.ready(socketUrl(one.origin, { type: 'user', token: erin.token, lang: 'en-us' }));
    const otherSession = await TestSocket.ready(socketUrl(two.origin, { type: 'user', token: erinElsewhere.token, lang: 'en-us' }));
    sockets.push(onTwo, onOne, otherSession);

    const started = Date.now();
    expect((await callApi(one.origin, 'POST', '/api/logout', erin.token)).status).toBe(200);
    const [closedTwo, closedOne] = await Promise.all([onTwo.closed, onOne.closed]);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(closedTwo.code).toBe(chatSocket.SOCKET_CLOSE.BAD_TOKEN);
    expect(closedOne.code).toBe(chatSocket.SOCKET_CLOSE.BAD_TOKEN);
    expect(closedTwo.reason).toMatch(/^410002 /);

    // The same user's other session, on node B, is untouched.
    otherSession.send({ type: 'ping' });
    await otherSession.next('pong');
  });
});
