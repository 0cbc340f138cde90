/**
 * Sessions this process has recently seen, keyed by token hash, so an authenticated request costs no
 * database round trip (decision 034). Only facts that never change for a session are kept (user id,
 * account, expiry): the profile is read where it is shown, so a new nickname or a bound referrer needs no
 * invalidation.
 *
 * Revocation is immediate on every process: `revoke` drops the entry here and publishes the token hash on
 * the broadcast, and every process drops it on receipt. The cache is bypassed while the broadcast is not
 * live (Redis subscriber away) and emptied whenever it comes back, so a missed notice cannot keep a revoked
 * session alive. `maxAgeMs` bounds what a notice lost in any other way could cost.
 */
import type { Broadcast } from '../../infra/broadcast.js';

export interface CachedSession {
  userId: number;
  account: string;
  expiresAtMs: number;
}

interface Entry extends CachedSession {
  cachedAtMs: number;
}

const PREFIX = 'revoke ';

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /**
   * Bumped by every revocation and reset. A lookup that started before a revocation arrived may have read
   * the session just before it was revoked: `set` refuses its answer, so a stale copy is never cached.
   */
  private generation = 0;

  constructor(
    private readonly broadcast: Broadcast,
    private readonly options: { maxEntries: number; maxAgeMs: number },
  ) {
    broadcast.onMessage((message) => {
      if (!message.startsWith(PREFIX)) return;
      this.generation++;
      this.entries.delete(message.slice(PREFIX.length));
    });
    broadcast.onReset(() => {
      this.generation++;
      this.entries.clear();
    });
  }

  /** `nowMs` is real (monotonic-enough) time for the cache's own age, not business time. */
  get(tokenHash: string, nowMs: number): CachedSession | undefined {
    if (!this.broadcast.live()) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (nowMs - entry.cachedAtMs > this.options.maxAgeMs) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  /** Take this before reading a session from the database and hand it to `set`. */
  currentGeneration(): number {
    return this.generation;
  }

  set(tokenHash: string, session: CachedSession, generation: number, nowMs: number): void {
    if (!this.broadcast.live() || generation !== this.generation) return;
    // Map keeps insertion order: the oldest entry goes first when the cache is full.
    if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tokenHash, { ...session, cachedAtMs: nowMs });
  }

  /** Drops the session here and, through the broadcast, on every other process. */
  revoke(tokenHash: string): Promise<void> {
    return this.broadcast.publish(PREFIX + tokenHash);
  }

  get size(): number {
    return this.entries.size;
  }
}
