/**
 * Decision 034: each process caches the sessions it has seen, and a logout on one process reaches every
 * other process's cache through Redis before the logout answers. Two real server processes on one
 * PostgreSQL database and one Redis. Needs TEST_DATABASE_URL and REDIS_URL (in CI a missing one fails the
 * run: see test/required-services.ts).
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { requiredService } from '../../test/required-services.js';
import { callApi, signInOverHttp } from '../../test/server-process.js';
import { twoServerNodes } from '../../test/two-nodes.js';
import { hashToken } from './auth.service.js';

const databaseServer = requiredService('TEST_DATABASE_URL');
const redisUrl = requiredService('REDIS_URL');

/** Calls until `done` holds or `withinMs` passes; returns the last answer and when it came. */
async function pollUntil(call: () => ReturnType<typeof callApi>, done: (status: number) => boolean, withinMs: number) {
  const started = performance.now();
  for (;;) {
    const answer = await call();
    const elapsedMs = performance.now() - started;
    if (done(answer.status) || elapsedMs > withinMs) return { answer, elapsedMs };
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.runIf(databaseServer && redisUrl)('session revocation across server processes', () => {
  const cluster = twoServerNodes(databaseServer!, redisUrl!, 'reef_sessions');

  it('a logout on one process is refused on the other within a second', async () => {
    const { one, two } = cluster;
    const user = await signInOverHttp(one.origin);
    // Both processes have now seen (and cached) the session.
    expect((await callApi(two.origin, 'GET', '/api/user/info', user.token)).status).toBe(200);
    expect((await callApi(one.origin, 'GET', '/api/user/info', user.token)).status).toBe(200);

    expect((await callApi(one.origin, 'POST', '/api/logout', user.token)).status).toBe(200);
    const { answer, elapsedMs } = await pollUntil(
      () => callApi(two.origin, 'GET', '/api/user/info', user.token),
      (s) => s !== 200,
      1_000,
    );
    expect(answer.status).toBe(410002);
    expect(elapsedMs).toBeLessThan(1_000);
    expect((await callApi(one.origin, 'GET', '/api/user/info', user.token)).status).toBe(410002);
  });

  it('the other process really answers from its cache: only the broadcast ends a cached session there', async () => {
    // The control for the test above: a session revoked in the database alone (no logout, so no notice)
    // is still served by a process that cached it, which shows that the 401 above came from the notice.
    const { one, two } = cluster;
    const user = await signInOverHttp(one.origin);
    expect((await callApi(two.origin, 'GET', '/api/user/info', user.token)).status).toBe(200);
    const client = new pg.Client({ connectionString: cluster.databaseUrl });
    await client.connect();
    try {
      await client.query('update sessions set revoked_at = now() where token_hash = $1', [hashToken(user.token)]);
    } finally {
      await client.end();
    }
    expect((await callApi(two.origin, 'GET', '/api/user/info', user.token)).status).toBe(200);
    // A logout now (on either process) ends it everywhere at once.
    const other = await signInOverHttp(two.origin);
    expect((await callApi(one.origin, 'GET', '/api/user/info', other.token)).status).toBe(200);
    expect((await callApi(two.origin, 'POST', '/api/logout', other.token)).status).toBe(200);
    const { answer } = await pollUntil(
      () => callApi(one.origin, 'GET', '/api/user/info', other.token),
      (s) => s !== 200,
      1_000,
    );
    expect(answer.status).toBe(410002);
  });
});
