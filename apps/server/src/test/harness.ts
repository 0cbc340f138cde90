/**
 * Test harness: the real app on a real database. PGlite always; PostgreSQL too when TEST_DATABASE_URL
 * is set (each suite gets its own freshly migrated database, dropped afterwards). Users sign in with
 * real secp256k1 keys through the real endpoints — nothing of ours is mocked.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { loadPgliteDataDir } from '../db/pglite-data-dir.js';
import { openScratchPostgres } from '../db/scratch-database.js';
import { consoleSettings } from '../db/schema/index.js';
import { REFERRER_RULE_KEY } from '../modules/community/qualifying.repository.js';

export type DatabaseKind = 'pglite' | 'postgres';
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const TEST_ORIGIN = 'http://reef.test';

let pgliteTemplate: Promise<Uint8Array> | undefined;

/**
 * `referrerRule`: the suites written before the referrer rule (decision 119) buy with users who bound no referrer, so
 * their database starts with the rule switched off, as an operator may set it; `'shipped'` keeps the shipped default
 * (on) for the suites about the rule.
 */
export interface TestDatabaseOptions {
  referrerRule?: 'off' | 'shipped';
}

export async function createTestDatabase(kind: DatabaseKind, options: TestDatabaseOptions = {}): Promise<DatabaseHandle> {
  const database = await openTestDatabase(kind);
  if (options.referrerRule !== 'shipped') {
    await database.db.insert(consoleSettings).values({ key: REFERRER_RULE_KEY, value: 'false' });
  }
  return database;
}

function migratedTemplate(): Promise<Uint8Array> {
  pgliteTemplate ??= fs.readFile(inject('pgliteTemplate')).then((bytes) => new Uint8Array(bytes));
  return pgliteTemplate;
}

/**
 * A PGlite data directory (`DATA_DIR`'s layout) holding the run's migrated template, for a suite that starts a server
 * or a child process on a directory: it opens in ~1.5 s instead of paying initdb and every migration again (decision
 * 129). The migrations still run on it and find nothing to do. A suite about the first start on an empty directory
 * leaves it empty.
 */
export async function migratedPgliteDataDir(dataDir: string): Promise<void> {
  await loadPgliteDataDir(dataDir, await migratedTemplate());
}

async function openTestDatabase(kind: DatabaseKind): Promise<DatabaseHandle> {
  // The run's migrated template (pglite-template.global.ts): each suite gets its own copy of it.
  if (kind === 'pglite') {
    return openDatabase({ kind: 'pglite', dataDir: null, template: await migratedTemplate() });
  }
  return openScratchPostgres(process.env.TEST_DATABASE_URL!, 'reef_test', { durable: false });
}

export interface SignedInUser {
  wallet: PrivateKeyAccount;
  token: string;
  uid: number;
  account: string;
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  admin: SignedInUser;
  close(): Promise<void>;
  /** A JSON request; returns the HTTP status and the parsed envelope. */
  call(options: InjectOptions & { token?: string }): Promise<{ http: number; status: number; msg: string; data: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary envelopes
  signIn(wallet?: PrivateKeyAccount, spread?: number | string): Promise<SignedInUser>;
  fund(uid: number, asset: string, amount: string): Promise<void>;
  /** Sets `user`'s transaction password (the one transfers and withdrawals ask for). */
  setPayPassword(user: SignedInUser, password: string): Promise<void>;
  /** A new signed-in user holding `funds` (asset → amount) with `password` as transaction password: a suite's sender. */
  signInPayer(password: string, funds: Record<string, string>): Promise<SignedInUser>;
}

export function siweMessage(address: string, nonce: string, overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}) {
  const origin = new URL(TEST_ORIGIN);
  return createSiweMessage({
    address: address as `0x${string}`,
    domain: origin.host,
    uri: origin.origin,
    chainId: 56,
    version: '1',
    nonce,
    statement: 'Sign in to Reef.',
    issuedAt: new Date(),
    ...overrides,
  });
}

/** A fixed pepper of the test apps' configuration: a test may hash with it to set a user's stored password. */
export const TEST_PAY_PASSWORD_PEPPER = 'reef-test-pepper-not-a-secret-0123456789abcdef';

export async function createTestApp(kind: DatabaseKind, env: Record<string, string> = {}, options: TestDatabaseOptions = {}): Promise<TestApp> {
  const adminWallet = privateKeyToAccount(generatePrivateKey());
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    PUBLIC_ORIGINS: TEST_ORIGIN,
    RATE_LIMIT_PER_MINUTE: '0',
    SIGN_IN_PER_MINUTE: '0',
    ADMIN_ADDRESSES: adminWallet.address,
    DATA_DIR: '/nonexistent-test-data-dir',
    // As a deployment runs (decision 106): the peppered hash (~0.7 ms) instead of the unpeppered scrypt (~40 ms of
    // CPU per set or check), which the suites' thousands of transfers and payments spent for nothing under test
    // (decision 129). A suite that tests the unpeppered hash passes PAY_PASSWORD_PEPPER: '' (empty is unset).
    PAY_PASSWORD_PEPPER: TEST_PAY_PASSWORD_PEPPER,
    ...env,
  });
  const database = await createTestDatabase(kind, options);
  const app = await buildApp({ config, db: database.db });

  // Each test app calls from its own loopback address, so IP-keyed rate limits held in a shared Redis
  // do not carry over between suites or runs.
  const remoteAddress = `127.${randomBytes(3).join('.')}`;
  const call: TestApp['call'] = async ({ token, headers, ...options }) => {
    const response = await app.inject({
      remoteAddress,
      ...options,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
    const body = response.json();
    return { http: response.statusCode, status: body.status, msg: body.msg, data: body.data };
  };

  const signIn: TestApp['signIn'] = async (wallet = privateKeyToAccount(generatePrivateKey()), spread) => {
    const nonce = await call({ method: 'GET', url: '/api/login/nonce' });
    const msg = siweMessage(wallet.address, nonce.data.nonce);
    const sign = await wallet.signMessage({ message: msg });
    const res = await call({ method: 'POST', url: '/api/login', payload: { sign, account: wallet.address, msg, spread } });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.msg}`);
    const info = await call({ method: 'GET', url: '/api/user/info', token: res.data.token });
    return { wallet, token: res.data.token, uid: info.data.uid, account: info.data.account };
  };

  const admin = await signIn(adminWallet);

  const fund: TestApp['fund'] = async (uid, asset, amount) => {
    const res = await call({
      method: 'POST',
      url: '/api/admin/ledger/adjust',
      token: admin.token,
      payload: { uid, asset, amount, memo: 'test funding' },
    });
    if (res.status !== 200) throw new Error(`funding failed: ${res.msg} ${JSON.stringify(res.data)}`);
  };

  const setPayPassword: TestApp['setPayPassword'] = async (user, password) => {
    const res = await call({ method: 'POST', url: '/api/user/password', token: user.token, payload: { password, confirm: password } });
    if (res.status !== 200) throw new Error(`setting the transaction password failed: ${res.msg}`);
  };

  const signInPayer: TestApp['signInPayer'] = async (password, funds) => {
    const user = await signIn();
    for (const [asset, amount] of Object.entries(funds)) await fund(user.uid, asset, amount);
    await setPayPassword(user, password);
    return user;
  };

  return {
    app,
    database,
    config,
    admin,
    call,
    signIn,
    fund,
    setPayPassword,
    signInPayer,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export interface TestAppOptions {
  kind: DatabaseKind;
  /** Configuration on top of the test defaults. */
  env?: Record<string, string>;
  /** A fresh data directory (uploads) named with this prefix, as DATA_DIR, removed after the suite. */
  dataDir?: string;
  referrerRule?: TestDatabaseOptions['referrerRule'];
}

/**
 * The usual set-up of an integration suite: a fresh app on `kind` built before the enclosing block's tests and
 * closed after them (`{ kind, env, dataDir }` sets configuration). `prepare` receives it once it is up and assigns the suite's bindings (the app, its users,
 * their funds), so a suite reads `let t: TestApp, alice: SignedInUser;` then one `withTestApp(kind, …)`.
 */
export function withTestApp(on: DatabaseKind | TestAppOptions, prepare: (app: TestApp) => Promise<void>): void {
  const { kind, env = {}, dataDir, referrerRule } = typeof on === 'string' ? { kind: on } : on;
  let app: TestApp | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    if (dataDir) dir = await fs.mkdtemp(path.join(os.tmpdir(), dataDir));
    app = await createTestApp(kind, dir ? { ...env, DATA_DIR: dir } : env, { referrerRule });
    await prepare(app);
  });
  afterAll(async () => {
    await app?.close();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });
}
