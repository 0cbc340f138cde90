/**
 * Transaction password hashing. Six digits are only 10⁶ possibilities, so the hash must be slow and salted
 * (a leaked table should cost an attacker real work per user) and the lock-out in the service is what
 * actually stops online guessing. Stored as `scrypt$N$r$p$salt$hash` (base64url), so the cost can be
 * raised later without invalidating stored hashes: verification reads the parameters from the string.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import os from 'node:os';

const PARAMS = { N: 16_384, r: 8, p: 1 };
const SALT_BYTES = 16;
const KEY_BYTES = 32;
const PREFIX = 'scrypt';

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

function derive(password: string, salt: Buffer, keyBytes: number, { N, r, p }: ScryptParams): Promise<Buffer> {
  return withDerivationSlot(
    () =>
      new Promise((resolve, reject) => {
        // scrypt needs 128·N·r bytes; node's default cap (32 MiB) would refuse a later, costlier setting.
        scrypt(password, salt, keyBytes, { N, r, p, maxmem: 256 * N * r }, (error, key) => (error ? reject(error) : resolve(key)));
      }),
  );
}

export async function hashPayPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, PARAMS);
  return [PREFIX, PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Constant-time comparison. A malformed stored value is a server fault (it throws), never a wrong password. */
export async function payPasswordMatches(password: string, stored: string): Promise<boolean> {
  const [prefix, n, r, p, saltText, keyText, ...rest] = stored.split('$');
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (prefix !== PREFIX || rest.length > 0 || !saltText || !keyText || !Object.values(params).every((v) => Number.isSafeInteger(v) && v > 0)) {
    throw new Error('malformed transaction password hash');
  }
  const expected = Buffer.from(keyText, 'base64url');
  const actual = await derive(password, Buffer.from(saltText, 'base64url'), expected.length, params);
  return timingSafeEqual(actual, expected);
}
