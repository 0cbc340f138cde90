/**
 * Transaction password hashing (decisions 013, 106). Six digits are only 10⁶ possibilities: the lock-out in the
 * service is what stops online guessing, and no hash the hot path can afford stops an offline search of 10⁶ values
 * for long. What does is a secret the table does not hold: with PAY_PASSWORD_PEPPER configured the password enters
 * scrypt as HMAC-SHA256(pepper, password) (`scrypt-peppered`, N = 256: ~0.7 ms, a leaked table alone is useless);
 * without one, the slow unpeppered `scrypt` (N = 16,384: ~50 ms) stands alone, as before.
 * Stored as `<kind>$N$r$p$salt$hash` (base64url); verification reads the kind and parameters from the string, so an
 * older hash keeps working and is replaced by the current kind at its next match (`needsRehash`).
 */
import { createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import os from 'node:os';

/** The server-side secret mixed into every new hash, or null (then the slow unpeppered kind). */
export type Pepper = Buffer | null;

const UNPEPPERED = { kind: 'scrypt', N: 16_384, r: 8, p: 1 } as const;
const PEPPERED = { kind: 'scrypt-peppered', N: 256, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;

interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/**
 * How many derivations run at once (decision 063). Each one is ~50 ms of one core in libuv's threadpool, which
 * also serves every file read (the web app under /index/) and DNS: unbounded, 100 concurrent transfers filled
 * the pool's queue and both cores, and a static file waited a second behind them. One core (and one
 * threadpool thread) is left to the event loop and file I/O; further derivations wait here, in order.
 */
const THREADPOOL_SIZE = Number(process.env.UV_THREADPOOL_SIZE) || 4;
export const MAX_CONCURRENT_DERIVATIONS = Math.max(1, Math.min(os.availableParallelism() - 1, THREADPOOL_SIZE - 1));

let running = 0;
const waiting: (() => void)[] = [];

/** Derivations running now (the bound's test reads it). */
export const derivationsRunning = () => running;

async function withDerivationSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_DERIVATIONS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter, so `running` never dips and a newcomer cannot jump the queue.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function derive(password: string | Buffer, salt: Buffer, keyBytes: number, { N, r, p }: ScryptParams): Promise<Buffer> {
  return withDerivationSlot(
    () =>
      new Promise((resolve, reject) => {
        // scrypt needs 128·N·r bytes; node's default cap (32 MiB) would refuse a later, costlier setting.
        scrypt(password, salt, keyBytes, { N, r, p, maxmem: 256 * N * r }, (error, key) => (error ? reject(error) : resolve(key)));
      }),
  );
}

const current = (pepper: Pepper) => (pepper ? PEPPERED : UNPEPPERED);

/** What scrypt is given: the password itself, or its HMAC under the pepper. */
function secretInput(password: string, kind: string, pepper: Pepper): string | Buffer {
  if (kind === UNPEPPERED.kind) return password;
  if (!pepper) throw new Error('a peppered transaction password hash needs PAY_PASSWORD_PEPPER');
  return createHmac('sha256', pepper).update(password, 'utf8').digest();
}

export async function hashPayPassword(password: string, pepper: Pepper): Promise<string> {
  const { kind, N, r, p } = current(pepper);
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(secretInput(password, kind, pepper), salt, KEY_BYTES, { N, r, p });
  return [kind, N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function parse(stored: string) {
  const [kind, n, r, p, saltText, keyText, ...rest] = stored.split('$');
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (
    (kind !== UNPEPPERED.kind && kind !== PEPPERED.kind) ||
    rest.length > 0 ||
    !saltText ||
    !keyText ||
    !Object.values(params).every((v) => Number.isSafeInteger(v) && v > 0)
  ) {
    throw new Error('malformed transaction password hash');
  }
  return { kind, params, salt: Buffer.from(saltText, 'base64url'), key: Buffer.from(keyText, 'base64url') };
}

/**
 * Constant-time comparison. A malformed stored value, or a peppered one on a server without the pepper, is a server
 * fault (it throws), never a wrong password.
 */
export async function payPasswordMatches(password: string, stored: string, pepper: Pepper): Promise<boolean> {
  const { kind, params, salt, key } = parse(stored);
  const actual = await derive(secretInput(password, kind, pepper), salt, key.length, params);
  return timingSafeEqual(actual, key);
}

/** Whether a stored hash is of another kind or cost than this server writes now: replaced at its next match. */
export function needsRehash(stored: string, pepper: Pepper): boolean {
  const { kind, params } = parse(stored);
  const wanted = current(pepper);
  return kind !== wanted.kind || params.N !== wanted.N || params.r !== wanted.r || params.p !== wanted.p;
}
