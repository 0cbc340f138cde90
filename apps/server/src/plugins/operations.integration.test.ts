/**
 * Issue 16 §2: health, readiness and the Prometheus metrics (decision 079), on the real app and both databases
 * (with Redis when REDIS_URL is set). An unreachable Redis makes /readyz answer 503.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { operationsPlugin } from './operations.js';
import { createTestDatabase, databaseKinds, withTestApp, type TestApp } from '../test/harness.js';
import { freePort } from '../test/server-process.js';

const TOKEN = 'metrics-token-0123456789abcdef';

/** The value of one sample line (`name{labels} value`) or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

describe.each(databaseKinds)('operations endpoints on %s', (kind) => {
  let t: TestApp;
  withTestApp({ kind, env: { METRICS_TOKEN: TOKEN, ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}) } }, async (app) => {
    t = app;
  });

  const metrics = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    return res.body;
  };

  it('answers /healthz and /readyz while the database (and Redis) answer', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', ...(process.env.REDIS_URL ? { redis: 'ok' } : {}) } });
  });

  it('refuses /metrics without the token or with a wrong one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('reef_');
    const user = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${t.admin.token}` } });
    expect(user.statusCode).toBe(401);
  });

  it('counts requests per route and status, times them, counts ledger postings and the job queue', async () => {
    const before = await metrics();
    const infoBefore = sample(before, 'reef_http_requests_total', { method: 'GET', route: '/api/user/info', status: '2xx' }) ?? 0;
    const postingsBefore = sample(before, 'reef_ledger_postings')!;
    expect(postingsBefore).toBeGreaterThanOrEqual(0);

    for (let i = 0; i < 3; i++) await t.call({ method: 'GET', url: '/api/user/info', token: t.admin.token });
    await t.call({ method: 'GET', url: `/api/no-such-route-${Date.now()}` });
    const user = await t.signIn();
    await t.fund(user.uid, 'usdt', '5');

    const after = await metrics();
    expect(sample(after, 'reef_http_requests_total', { method: 'GET', route: '/api/user/info', status: '2xx' })).toBe(infoBefore + 4);
    // An unknown path is one series, whatever the path.
    expect(sample(after, 'reef_http_requests_total', { method: 'GET', route: 'unmatched', status: '4xx' })).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain('no-such-route');
    expect(sample(after, 'reef_http_request_duration_seconds_count', { method: 'GET', route: '/api/user/info' })).toBe(infoBefore + 4);
    expect(sample(after, 'reef_http_request_duration_seconds_bucket', { method: 'GET', route: '/api/user/info', le: '+Inf' })).toBe(infoBefore + 4);
    // One adjustment: the user's line and the adjustment account's.
    expect(sample(after, 'reef_ledger_postings')).toBe(postingsBefore + 2);
    expect(sample(after, 'reef_open_sockets')).toBe(0);
    for (const state of ['due', 'running', 'scheduled']) expect(sample(after, 'reef_job_queue_depth', { state })).toBeGreaterThanOrEqual(0);
    expect(after).toMatch(/^# TYPE reef_http_request_duration_seconds histogram$/m);
    // The scrape carries no token, address or user value.
    expect(after).not.toContain(TOKEN);
    expect(after).not.toContain(t.admin.token);
  });
});

describe('operations endpoints without a metrics token', () => {
  let t: TestApp;
  withTestApp('pglite', async (app) => {
    t = app;
  });

  it('has no /metrics', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
  });
});

describe('readiness when a dependency does not answer', () => {
  it('answers 503 naming the failed check (Redis on a closed port, a closed database), and /healthz still 200', async () => {
    const database = await createTestDatabase('pglite');
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent-test-data-dir', REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    // The plugin alone: the whole app would not start without its Redis.
    const app = Fastify();
    app.decorate('config', config);
    app.decorate('db', database.db);
    await app.register(operationsPlugin);
    try {
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', redis: 'failed' } });
      await database.close();
      const down = await app.inject({ method: 'GET', url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expect(down.json().checks.database).toBe('failed');
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
