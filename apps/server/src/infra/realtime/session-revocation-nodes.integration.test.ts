/**
 * Issue 9 §3 (decision 037): logging out on one node closes the session's sockets on every node within
 * a second, through the `<channel>:session-revoked` Redis channel; the user's other sessions keep
 * theirs. Two real server processes on one PostgreSQL database and one Redis (in CI a missing one fails
 * the run: see test/required-services.ts).
 */
import { describe, expect, it } from 'vitest';
import { chatSocket } from '@reef/contract';
import { requiredService } from '../../test/required-services.js';
import { callApi, signInOverHttp } from '../../test/server-process.js';
import { twoServerNodes } from '../../test/two-nodes.js';
import { TestSocket, socketUrl } from '../../test/socket-client.js';

const databaseServer = requiredService('TEST_DATABASE_URL');
const redisUrl = requiredService('REDIS_URL');

describe.runIf(databaseServer && redisUrl)('logout across server nodes', () => {
  const cluster = twoServerNodes(databaseServer!, redisUrl!, 'reef_revoke');
  const { sockets } = cluster;

  it('closes the session’s socket on node B within a second of logout on node A', async () => {
    const { one, two } = cluster;
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
