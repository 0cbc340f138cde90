/**
 * Issue 16 §2 structured logs (decision 081): every line is JSON; a request's id is answered in X-Request-Id, is on
 * each of its lines, on the socket frames it publishes, and on the lines of a job it enqueued and of that job's frames.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { withRequestId } from './core/request-context.js';
import type { DatabaseHandle } from './db/client.js';
import { createJobRunner, enqueueJob } from './infra/jobs/job-runner.js';
import { createTestDatabase, siweMessage, TEST_ORIGIN } from './test/harness.js';

type Line = Record<string, unknown>;

describe('request ids in the log', () => {
  const lines: Line[] = [];
  let raw = '';
  let app: FastifyInstance;
  let database: DatabaseHandle;

  const signIn = async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const nonce = (await app.inject({ method: 'GET', url: '/api/login/nonce' })).json().data.nonce as string;
    const msg = siweMessage(wallet.address, nonce);
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { sign: await wallet.signMessage({ message: msg }), account: wallet.address, msg },
    });
    const token = login.json().data.token as string;
    const info = await app.inject({ method: 'GET', url: '/api/user/info', headers: { authorization: `Bearer ${token}` } });
    return { token, uid: info.json().data.uid as number };
  };

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const config = loadConfig({
      LOG_LEVEL: 'debug',
      PUBLIC_ORIGINS: TEST_ORIGIN,
      RATE_LIMIT_PER_MINUTE: '0',
      SIGN_IN_PER_MINUTE: '0',
      DATA_DIR: '/nonexistent',
    });
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        raw += chunk.toString();
        for (const text of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Line);
        done();
      },
    });
    app = await buildApp({ config, db: database.db, logStream });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers the id in X-Request-Id: the caller’s when it is a plain token, a fresh one otherwise', async () => {
    const given = await app.inject({ method: 'GET', url: '/api/config', headers: { 'x-request-id': 'lb-7f3a.1' } });
    expect(given.headers['x-request-id']).toBe('lb-7f3a.1');
    const bad = await app.inject({ method: 'GET', url: '/api/config', headers: { 'x-request-id': 'a b\n{"level":60}' } });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f]{16}$/);
    const none = await app.inject({ method: 'GET', url: '/healthz' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f]{16}$/);
    expect(lines.filter((l) => l.requestId === 'lb-7f3a.1').map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    // Every line written is one JSON object with a level and a time.
    for (const text of raw.split('\n').filter(Boolean)) expect(JSON.parse(text)).toMatchObject({ level: expect.any(Number), time: expect.any(Number) });
  });

  it('carries the id of a request to the socket frames it publishes', async () => {
    const [alice, bob] = [await signIn(), await signIn()];
    const res = await app.inject({
      method: 'POST',
      url: '/api/chat/friend-requests',
      headers: { authorization: `Bearer ${alice.token}`, 'x-request-id': 'friend-req-1' },
      payload: { uid: bob.uid, note: '' },
    });
    expect(res.json().status).toBe(200);
    expect(lines.find((l) => l.msg === 'frame published' && l.frame === 'friend_request')).toMatchObject({ requestId: 'friend-req-1', users: 2 });
  });

  it('carries the id of the request that enqueued a job to the job’s lines and frames', async () => {
    const runner = createJobRunner({ db: app.db, log: app.log, pollMs: 10 });
    runner.define('test.request-id', async () => {
      app.log.info({ step: 'inside' }, 'test job ran');
      app.realtime.publish([1], { type: 'unread', data: { total: 0 } });
    });
    // As a route's handler does: enqueued while the request's id is current.
    await withRequestId('enqueuing-req-9', () => enqueueJob(app.db, { name: 'test.request-id', key: `rid-${Date.now()}` }));
    expect(await runner.runDue()).toBeGreaterThanOrEqual(1);
    expect(lines.find((l) => l.msg === 'test job ran')).toMatchObject({ requestId: 'enqueuing-req-9', step: 'inside' });
    expect(lines.filter((l) => l.msg === 'frame published' && l.frame === 'unread').at(-1)).toMatchObject({ requestId: 'enqueuing-req-9' });
    // Lines written outside any request or job carry none.
    app.log.info('outside');
    expect(lines.at(-1)).not.toHaveProperty('requestId');
  });
});
