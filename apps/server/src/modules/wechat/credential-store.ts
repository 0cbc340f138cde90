/**
 * Where the WeChat access token and jsapi ticket are kept between requests (decision 066). WeChat caps how often
 * an account may fetch them (2,000 a day) and a new token ends the old one a few minutes later, so every process
 * of a deployment shares one copy: in Redis when REDIS_URL is set, otherwise in this process's memory. A refresh
 * takes a lock, so one process (and within it one request) fetches while the others wait for its result.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

export interface StoredCredential {
  value: string;
  /** Epoch milliseconds after which it is not used (WeChat's expiry less a margin). */
  expiresAt: number;
}

export interface CredentialStore {
  get(name: string, now: number): Promise<string | null>;
  put(name: string, credential: StoredCredential, now: number): Promise<void>;
  drop(name: string): Promise<void>;
  /** Runs `refresh` holding the deployment-wide refresh lock; null when another holder has it. */
  tryLocked<T>(name: string, refresh: () => Promise<T>): Promise<{ value: T } | null>;
  close(): Promise<void>;
}

export class MemoryCredentialStore implements CredentialStore {
  private readonly entries = new Map<string, StoredCredential>();
  private readonly held = new Set<string>();

  get(name: string, now: number): Promise<string | null> {
    const entry = this.entries.get(name);
    return Promise.resolve(entry && entry.expiresAt > now ? entry.value : null);
  }

  put(name: string, credential: StoredCredential): Promise<void> {
    this.entries.set(name, credential);
    return Promise.resolve();
  }

  drop(name: string): Promise<void> {
    this.entries.delete(name);
    return Promise.resolve();
  }

  async tryLocked<T>(name: string, refresh: () => Promise<T>): Promise<{ value: T } | null> {
    if (this.held.has(name)) return null;
    this.held.add(name);
    try {
      return { value: await refresh() };
    } finally {
      this.held.delete(name);
    }
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** Longest a refresh may hold the lock: two WeChat calls under their time-outs, then another process may try. */
export const REFRESH_LOCK_MS = 25_000;

// Deletes the lock only while it is still this holder's: an expired lock may already belong to another process.
const RELEASE_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export class RedisCredentialStore implements CredentialStore {
  constructor(
    private readonly redis: Redis,
    /** Per deployment and app id, so two deployments or accounts sharing a Redis never mix their tokens. */
    private readonly prefix: string,
  ) {}

  static async connect(url: string, prefix: string): Promise<RedisCredentialStore> {
    const { Redis } = await import('ioredis');
    const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    await redis.connect();
    return new RedisCredentialStore(redis, prefix);
  }

  async get(name: string, now: number): Promise<string | null> {
    const raw = await this.redis.get(this.prefix + name);
    if (raw === null) return null;
    const entry = JSON.parse(raw) as StoredCredential;
    return entry.expiresAt > now ? entry.value : null;
  }

  async put(name: string, credential: StoredCredential, now: number): Promise<void> {
    const ttl = credential.expiresAt - now;
    if (ttl > 0) await this.redis.set(this.prefix + name, JSON.stringify(credential), 'PX', ttl);
  }

  async drop(name: string): Promise<void> {
    await this.redis.del(this.prefix + name);
  }

  async tryLocked<T>(name: string, refresh: () => Promise<T>): Promise<{ value: T } | null> {
    const key = `${this.prefix}${name}:lock`;
    const holder = randomUUID();
    if ((await this.redis.set(key, holder, 'PX', REFRESH_LOCK_MS, 'NX')) !== 'OK') return null;
    try {
      return { value: await refresh() };
    } finally {
      await this.redis.eval(RELEASE_SCRIPT, 1, key, holder);
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect();
    return Promise.resolve();
  }
}
