import { hash, randomBytes } from 'node:crypto';
import { recoverMessageAddress, type Hex } from 'viem';
import { generateSiweNonce } from 'viem/siwe';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { LOGIN_MESSAGE_MAX_AGE_MS, LOGIN_NONCE_TTL_MS, STATUS_BAD_TOKEN, STATUS_NO_TOKEN, STATUS_TOKEN_EXPIRED, type OperatorRole } from '@reef/contract';
import type { Config } from '../../config.js';
import type { AccessSource, AuthUser } from '../../core/auth-user.js';
import type { Database, Executor } from '../../db/client.js';
import { AuthError, DomainError } from '../../core/errors.js';
import { findOrCreateUser, findPublicUser } from '../users/users.service.js';
import { recordEvent } from '../events/events.service.js';
import { payersSinceSubquery } from '../ledger/ledger.service.js';
import { checkLoginMessage } from './login-message.js';
import * as repo from './auth.repository.js';
import * as clock from '../../core/clock.js';
import { LookupBatcher } from '../../core/lookup-batcher.js';
import type { SessionCache } from './session-cache.js';

/** 32 random bytes, base64url: 43 characters. Anything else is refused before touching the database. */
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

/** One-shot `hash`: it runs on every authenticated request, and a Hash object costs more than the digest (decision 063). */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

export async function issueNonce(db: Database, now = clock.now()) {
  const nonce = generateSiweNonce();
  const expiresAt = new Date(now.getTime() + LOGIN_NONCE_TTL_MS);
  await repo.insertNonce(db, nonce, expiresAt);
  return { nonce, expires_at: expiresAt.toISOString() };
}

export interface LoginInput {
  sign: string;
  account: string;
  msg: string;
  spread?: string | number | null;
}

function parseSpread(spread: LoginInput['spread']): number | null {
  if (spread === null || spread === undefined || spread === '') return null;
  const value = typeof spread === 'number' ? spread : /^\d{1,9}$/.test(spread) ? Number(spread) : NaN;
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

export async function login(db: Database, config: Config, input: LoginInput, now = clock.now()) {
  const check = checkLoginMessage(input.msg, input.account, {
    now: now.getTime(),
    legacyEnabled: config.loginLegacy,
    origins: config.publicOrigins,
  });
  if (!check.ok) throw new DomainError(check.code);

  // The signer is recovered locally from the signature (no RPC): only the key holder can produce it.
  let signer: string;
  try {
    signer = await recoverMessageAddress({ message: input.msg, signature: input.sign as Hex });
  } catch {
    throw new DomainError('LOGIN_SIGNATURE_INVALID');
  }
  if (signer.toLowerCase() !== input.account.toLowerCase()) throw new DomainError('LOGIN_SIGNATURE_INVALID');

  const account = input.account.toLowerCase();
  return db.transaction(async (tx) => {
    const fresh =
      check.message.form === 'siwe' ? await repo.consumeNonce(tx, check.message.nonce, now) : await repo.recordLegacyMessage(tx, account, input.msg);
    if (!fresh) throw new DomainError(check.message.form === 'siwe' ? 'LOGIN_NONCE_INVALID' : 'LOGIN_MESSAGE_REPLAYED');
    const userId = await findOrCreateUser(tx, account, parseSpread(input.spread));
    return openSession(tx, config, userId, now);
  });
}

/**
 * A new session for a user another sign-in has proven (the wallet signature, a phone code, a developer helper):
 * every way in issues the same kind of token, so everything after sign-in is the same.
 */
export async function openSession(db: Executor, config: Config, userId: number, now = clock.now()) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + config.tokenTtlMs);
  await repo.insertSession(db, userId, hashToken(token), expiresAt);
  return { token, expires_at: expiresAt.toISOString() };
}

const NO_ROLES: readonly OperatorRole[] = [];

type SessionRow = Awaited<ReturnType<typeof repo.findSessions>>[number];
const sessionLookups = new WeakMap<Database, LookupBatcher<string, SessionRow | undefined>>();

/**
 * A session not in the cache, read with the other requests' misses of the moment in one statement (decision 127):
 * at a session-open burst 2,000 users' first presses all miss, and one read each queued every answer behind them.
 */
function findSession(db: Database, tokenHash: string): Promise<SessionRow | undefined> {
  let lookups = sessionLookups.get(db);
  if (!lookups) {
    lookups = new LookupBatcher(async (hashes) => {
      const rows = new Map((await repo.findSessions(db, hashes)).map((row) => [row.tokenHash, row]));
      return hashes.map((h) => rows.get(h));
    }, 256);
    sessionLookups.set(db, lookups);
  }
  return lookups.find(tokenHash);
}

/**
 * The caller of a request. With a session cache, a session seen before costs no database round trip;
 * without one (the chat socket's handshake), every call reads the session.
 */
export async function authenticate(
  db: Database,
  config: Config,
  authorization: string | undefined,
  sessions: SessionCache | undefined,
  access: AccessSource,
  now = clock.now(),
): Promise<AuthUser> {
  const token = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : authorization?.trim();
  if (!token) throw new AuthError(STATUS_NO_TOKEN);
  if (!TOKEN_RE.test(token)) throw new AuthError(STATUS_BAD_TOKEN);
  const tokenHash = hashToken(token);
  let session = sessions?.get(tokenHash, performance.now());
  if (!session) {
    const generation = sessions?.currentGeneration();
    const row = await findSession(db, tokenHash);
    if (!row) throw new AuthError(STATUS_BAD_TOKEN);
    if (row.revokedAt) throw new AuthError(STATUS_TOKEN_EXPIRED);
    session = { userId: row.userId, account: row.account, expiresAtMs: row.expiresAt.getTime() };
    if (sessions && generation !== undefined) sessions.set(tokenHash, session, generation, performance.now());
  }
  if (session.expiresAtMs <= now.getTime()) throw new AuthError(STATUS_TOKEN_EXPIRED);
  // Roles and the frozen flag are read at every request (from the access book, dropped on every change), so a
  // change holds from the next request, not the next sign-in (decision 082).
  const snapshot = await access.current();
  const roles = snapshot.roles.get(session.account) ?? NO_ROLES;
  const frozen = snapshot.frozen.has(session.userId);
  return {
    id: session.userId,
    account: session.account,
    role: roles.includes('administrator') ? 'admin' : 'user',
    roles,
    serviceAgent: roles.includes('service_agent'),
    frozen,
    tokenHash,
  };
}

/** Revokes the session in the database, then drops it from every process's cache before answering. */
export async function logout(db: Database, user: AuthUser, sessions: SessionCache | undefined, now = clock.now()): Promise<void> {
  await repo.revokeSession(db, user.tokenHash, now);
  await sessions?.revoke(user.tokenHash);
}

/** Revokes every live session of a user in the caller's transaction; answers their token hashes for `forgetSessions`. */
export function revokeUserSessions(db: Executor, userId: number, now = clock.now()): Promise<string[]> {
  return repo.revokeUserSessions(db, userId, now);
}

/** Drops revoked sessions from every process's cache, once their revocation committed. */
export async function forgetSessions(tokenHashes: readonly string[], sessions: SessionCache | undefined): Promise<void> {
  for (const tokenHash of tokenHashes) await sessions?.revoke(tokenHash);
}

/** The console's view of a user's sessions (issue 16): the latest 50, newest first, and whether each still signs in. */
export async function sessionsForOperators(db: Database, userId: number, now = clock.now()) {
  if (!(await findPublicUser(db, { id: userId }))) throw new DomainError('USER_NOT_FOUND');
  const rows = await repo.userSessions(db, userId, 50);
  return {
    list: rows.map((r) => ({
      id: r.id,
      created_at: r.createdAt.toISOString(),
      expires_at: r.expiresAt.toISOString(),
      revoked_at: r.revokedAt?.toISOString() ?? null,
      active: r.revokedAt === null && r.expiresAt > now,
    })),
  };
}

export function pruneExpired(db: Database, now = clock.now()) {
  return repo.pruneExpired(db, now, LOGIN_MESSAGE_MAX_AGE_MS);
}

/** POST /api/dev_login (decision 077; the route exists only with DEV_LOGIN): a session for a user by uid or address. */
export async function devLogin(db: Database, config: Config, by: { uid: number } | { account: string }, now = clock.now()) {
  return db.transaction(async (tx) => {
    let userId: number;
    let created = false;
    if ('uid' in by) {
      const user = await findPublicUser(tx, { id: by.uid });
      if (!user) throw new DomainError('USER_NOT_FOUND');
      userId = user.id;
    } else {
      created = (await findPublicUser(tx, { account: by.account })) === undefined;
      userId = await findOrCreateUser(tx, by.account.toLowerCase(), null);
    }
    const user = (await findPublicUser(tx, { id: userId }))!;
    await recordEvent(tx, { type: 'dev.login', user_id: userId, created });
    return { ...(await openSession(tx, config, userId, now)), uid: userId, account: user.account };
  });
}

/** POST /api/dev_key: a fresh wallet key, its new user and a session — a test wallet in one call. */
export async function devKey(db: Database, config: Config, now = clock.now()) {
  const privateKey = generatePrivateKey();
  const session = await devLogin(db, config, { account: privateKeyToAccount(privateKey).address }, now);
  return { private_key: privateKey, ...session };
}

/**
 * The console's active users since `since` (decision 090): distinct users who signed in (opened a session) or paid
 * something themselves (a debit of theirs in the ledger) since then. Sessions record no use after sign-in (a
 * write per request to learn it would cost more than the figure is worth), so a reader who stays signed in from
 * an earlier day and pays nothing is not counted.
 */
export function activeUsersSince(db: Executor, since: Date): Promise<number> {
  return repo.countActiveSince(db, since, payersSinceSubquery(since));
}
