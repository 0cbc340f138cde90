/**
 * Issue 9 §3, the error handler: a 500's log line never carries what the caller sent, and a malformed URL gets
 * the envelope. A failed query's error (Drizzle's message
 * quotes the SQL parameters, PostgreSQL's often quotes the value) used to be logged whole, so a user's text
 * landed in the error log. The route below is the test's own (the app's routes no longer fail this way); the
 * database, the error handler and the logger are the real ones, and the logger's output is captured as written.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { createTestDatabase, databaseKinds } from '../test/harness.js';
import type { FastifyInstance } from 'fastify';

const SECRET = 's3cret-caller-value';

describe.each(databaseKinds)('the error log on %s', (kind) => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = loadConfig({ LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '0', SIGN_IN_PER_MINUTE: '0', DATA_DIR: '/nonexistent-test-data-dir' });
    app = await buildApp({
      config,
      db: database.db,
      logStream,
      extend: (scope) => {
        // A query that fails on the caller's value: invalid input for an integer (SQLSTATE 22P02).
        scope.post('/api/test/failing-query', async (request) => {
          const { value } = request.body as { value: string };
          await database.db.execute(sql`select ${value}::int as n`);
          return {};
        });
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers the envelope 500 and logs the failure without the request body, the query string or the SQL parameters', async () => {
    const res = await app.inject({ method: 'POST', url: `/api/test/failing-query?q=${SECRET}`, payload: { value: SECRET } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ status: 500, data: { code: 'INTERNAL_ERROR' } });
    expect(res.body).not.toContain(SECRET);

    const failure = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'unhandled error');
    // What an operator needs stays: where, which kind of failure, the SQLSTATE and the statement's text.
    expect(failure).toMatchObject({ level: 50, route: '/api/test/failing-query', err: { sqlState: '22P02' } });
    expect(failure.err.query).toContain('::int');
    expect(failure.err.stack).toMatch(/\n?\s*at /);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line).not.toContain(SECRET);
  });

  it("answers a malformed URL (/api/%) with the envelope in the caller's language, not Fastify's own body", async () => {
    for (const url of ['/api/%', '/api/chat/friends/%E0%A4%A']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      expect({ http: res.statusCode, body: res.json() }).toEqual({
        http: 200,
        body: { status: 400, msg: 'Parameter error', data: { code: 'PARAMETER_ERROR' } },
      });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});
