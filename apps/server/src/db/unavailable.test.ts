/**
 * Which errors mean "the database cannot be reached" (decision 128): real ones from node-postgres against a port where
 * nothing listens and against a pool that gives up connecting, wrapped as Drizzle wraps them, and errors that are not.
 */
import { createServer, type Socket } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../core/errors.js';
import { isDatabaseUnavailable } from './unavailable.js';

const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('isDatabaseUnavailable', () => {
  it('is true for a refused connection, also as the cause of a wrapping error', async () => {
    const pool = new pg.Pool({ host: '127.0.0.1', port: await closedPort(), user: 'nobody', database: 'none' });
    const refused = await failureOf(() => pool.query('select 1'));
    await pool.end();
    expect((refused as { code?: string }).code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: refused }))).toBe(true);
  });

  it('is true for a pool that gives up connecting to a server that never answers', async () => {
    // A listener that accepts and never speaks: the pool's connect time-out ends the wait.
    const accepted: Socket[] = [];
    const silent = createServer((socket) => void accepted.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    const pool = new pg.Pool({ host: '127.0.0.1', port: (silent.address() as { port: number }).port, connectionTimeoutMillis: 200 });
    const timedOut = await failureOf(() => pool.query('select 1'));
    await pool.end();
    // The server's own setting is on the client (db/client.ts): its connect time-out fails with another message.
    const client = new pg.Client({ host: '127.0.0.1', port: (silent.address() as { port: number }).port, connectionTimeoutMillis: 200 });
    const clientTimedOut = await failureOf(() => client.connect());
    expect(isDatabaseUnavailable(clientTimedOut)).toBe(true);
    for (const socket of accepted) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
    expect(isDatabaseUnavailable(timedOut)).toBe(true);
  });

  it('is false for a refusal, a constraint violation and other faults', () => {
    expect(isDatabaseUnavailable(new DomainError('INSUFFICIENT_BALANCE'))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable('not an error')).toBe(false);
  });
});
