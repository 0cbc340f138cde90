import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { createScratchDatabaseUrl, startServerProcess, type ServerProcess } from './server-process.js';
import type { TestSocket } from './socket-client.js';

export interface TwoNodes {
  /** The first node (it migrated the scratch database) and the second, once `beforeAll` has run. */
  readonly one: ServerProcess;
  readonly two: ServerProcess;
  /** The scratch database both nodes use, for a test that looks behind the API. */
  readonly databaseUrl: string;
  /** Sockets a test opens; they are closed before the nodes stop. */
  readonly sockets: TestSocket[];
}

/**
 * Two real server processes on one scratch PostgreSQL database and one Redis, for the enclosing `describe`:
 * a Redis channel of this run only (parallel runs on the same Redis never see each other's messages), both
 * nodes stopped after the block, each required to exit 0 (their logs are the failure message), then the
 * database dropped. Hooks registered after this call run after the nodes are up.
 */
export function twoServerNodes(databaseServer: string, redisUrl: string, databaseName: string, extraEnv: Record<string, string> = {}): TwoNodes {
  let database: { url: string; drop(): Promise<void> } | undefined;
  const nodes: ServerProcess[] = [];
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    database = await createScratchDatabaseUrl(databaseServer, databaseName);
    const env = { ...extraEnv, DATABASE_URL: database.url, REDIS_URL: redisUrl, REALTIME_CHANNEL: `reef-test-${randomBytes(6).toString('hex')}` };
    // The first node migrates the fresh database; the second starts on it.
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

  return {
    get one() {
      return nodes[0]!;
    },
    get two() {
      return nodes[1]!;
    },
    get databaseUrl() {
      return database!.url;
    },
    sockets,
  };
}
