/**
 * Real server processes for tests that need more than one (several nodes) or a real restart: the
 * server runs from source through tsx, on a loopback port, with the environment the test gives it and
 * nothing inherited (a DATABASE_URL or REDIS_URL on the machine must not leak in). Sign-in goes over
 * HTTP with a real secp256k1 signature, like a browser.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { freePort } from '../../../../scripts/free-port.mjs';
import { NON_DURABLE_COMMITS, runAdminStatement } from '../db/scratch-database.js';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_SOURCE = path.join(SERVER_DIR, 'src/server.ts');
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
const LOG_LINES = 60;

export { freePort };

export interface ServerProcess {
  origin: string;
  port: number;
  /** The last lines the process wrote, for failure messages. */
  log(): string;
  /** SIGTERM, and waits for the exit (graceful shutdown: sockets are closed with 1001). */
  stop(): Promise<number | null>;
}

export interface SpawnServerOptions {
  cwd: string;
  port: number;
  /** Where browsers reach it: its only PUBLIC_ORIGINS. */
  origin: string;
  /** On top of the common settings. */
  env: Record<string, string>;
  /** How many of the last lines `log` keeps. */
  logLines: number;
  /** Also copies the output to stderr, each line after this prefix. */
  echoPrefix?: string;
}

/**
 * Spawns a server (`node <args>`) with nothing inherited but PATH and HOME (a DATABASE_URL or REDIS_URL on the machine
 * must not leak in): loopback on `port`, no rate limits, warnings only, `env` on top. `log` answers its last lines.
 */
export function spawnServer(args: string[], options: SpawnServerOptions): { child: ChildProcess; log: () => string } {
  const lines: string[] = [];
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.homedir(),
      PORT: String(options.port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGINS: options.origin,
      RATE_LIMIT_PER_MINUTE: '0',
      SIGN_IN_PER_MINUTE: '0',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      lines.push(...chunk.split('\n').filter(Boolean));
      if (lines.length > options.logLines * 2) lines.splice(0, lines.length - options.logLines);
      if (options.echoPrefix !== undefined) process.stderr.write(chunk.replace(/^/gm, options.echoPrefix));
    });
  }
  return { child, log: () => lines.slice(-options.logLines).join('\n') };
}

/** Waits until `origin` answers /api/config; throws (with `log()`) when the process exits first or `timeoutMs` passes. */
export async function waitUntilAnswering(child: ChildProcess, origin: string, timeoutMs: number, log: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}:\n${log()}`);
    try {
      if ((await fetch(`${origin}/api/config`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`the server did not answer ${origin}/api/config within ${timeoutMs} ms:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Answers once `child` has exited (at once if it already has), with its exit code. */
export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** SIGTERM, SIGKILL if it is still running after `timeoutMs`; answers the exit code. */
export async function stopProcess(child: ChildProcess, timeoutMs: number): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await exited(child);
  clearTimeout(timer);
  return code;
}

/** Starts `src/server.ts` on `port` (a free one by default) and waits until it answers. */
export async function startServerProcess(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const listenPort = port ?? (await freePort());
  const origin = `http://127.0.0.1:${listenPort}`;
  const { child, log } = spawnServer(['--import', 'tsx', SERVER_SOURCE], { cwd: SERVER_DIR, port: listenPort, origin, env, logLines: LOG_LINES });
  try {
    await waitUntilAnswering(child, origin, READY_TIMEOUT_MS, log);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { origin, port: listenPort, log, stop: () => stopProcess(child, STOP_TIMEOUT_MS) };
}

/** A throwaway PostgreSQL database that several processes can open by URL (commits not waiting for the disk, as the harness's); dropped by `drop`. */
export async function createScratchDatabaseUrl(serverUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = (statement: string) => runAdminStatement(serverUrl, statement);
  await admin(`create database ${name}`);
  await admin(`alter database ${name} set ${NON_DURABLE_COMMITS}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export interface HttpUser {
  wallet: PrivateKeyAccount;
  token: string;
  uid: number;
}

/** A JSON call to a running server; returns the envelope. */
export async function callApi(origin: string, method: string, url: string, token?: string, body?: unknown) {
  const response = await fetch(`${origin}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary envelopes
  return (await response.json()) as { status: number; msg: string; data: any };
}

/** EIP-4361 sign-in against a running server, with a fresh key unless one is given. */
export async function signInOverHttp(origin: string, wallet: PrivateKeyAccount = privateKeyToAccount(generatePrivateKey())): Promise<HttpUser> {
  const nonce = (await callApi(origin, 'GET', '/api/login/nonce')).data.nonce as string;
  const site = new URL(origin);
  const msg = createSiweMessage({ address: wallet.address, domain: site.host, uri: site.origin, chainId: 56, version: '1', nonce, issuedAt: new Date() });
  const login = await callApi(origin, 'POST', '/api/login', undefined, { sign: await wallet.signMessage({ message: msg }), account: wallet.address, msg });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.msg}`);
  const info = await callApi(origin, 'GET', '/api/user/info', login.data.token);
  return { wallet, token: login.data.token, uid: info.data.uid };
}
