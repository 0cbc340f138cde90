/**
 * Spec §8 'Do not operate frequently' for chat: at most CHAT_FLOOD_PER_SECOND to_chat frames from one
 * user in any rolling second, across all the user's sockets. Only admitted frames count, so a flooding
 * client gets exactly the limit through and every frame beyond it is refused (decision 023).
 * The same gate with a longer window counts upload requests per user per minute (decision 037).
 */
import type { Redis } from 'ioredis';

export interface FloodGate {
  /**
   * Decides, in call order, whether the user may send one more message now. Called when the frame
   * arrives (not when its turn to be stored comes), so a slow database cannot stretch a burst over
   * several windows and let it through.
   */
  admit(userId: number): Promise<boolean>;
  close(): void;
}

export const FLOOD_WINDOW_MS = 1000;

/** A rolling window per user, in this process's memory. */
export class LocalFloodGate implements FloodGate {
  private readonly admitted = new Map<number, number[]>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly limit: number,
    private readonly now: () => number = Date.now,
    private readonly windowMs: number = FLOOD_WINDOW_MS,
  ) {
    // Users who stopped sending leave their last window behind; drop those once it has passed.
    this.sweeper = setInterval(() => this.sweep(), 10 * windowMs);
    this.sweeper.unref();
  }

  admitNow(userId: number): boolean {
    const now = this.now();
    const times = (this.admitted.get(userId) ?? []).filter((t) => t > now - this.windowMs);
    if (times.length >= this.limit) {
      this.admitted.set(userId, times);
      return false;
    }
    times.push(now);
    this.admitted.set(userId, times);
    return true;
  }

  admit(userId: number): Promise<boolean> {
    return Promise.resolve(this.admitNow(userId));
  }

  private sweep(): void {
    const cutoff = this.now() - this.windowMs;
    for (const [userId, times] of this.admitted) {
      if ((times.at(-1) ?? 0) <= cutoff) this.admitted.delete(userId);
    }
  }

  close(): void {
    clearInterval(this.sweeper);
  }
}

/**
 * The same rolling window as a sorted set in Redis, so the limit holds for a user with sockets on
 * several nodes. One round trip per frame; Redis's clock is the only clock, so node clock skew cannot
 * widen the window. Members are unique per node and frame.
 */
const ADMIT_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return 1
`;

export interface FloodLog {
  warn(object: object, message: string): void;
}

export class RedisFloodGate implements FloodGate {
  private sequence = 0;
  private lastWarning = 0;
  private readonly fallback: LocalFloodGate;

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly nodeId: string,
    private readonly limit: number,
    private readonly log: FloodLog,
    private readonly windowMs: number = FLOOD_WINDOW_MS,
  ) {
    this.fallback = new LocalFloodGate(limit, Date.now, windowMs);
  }

  async admit(userId: number): Promise<boolean> {
    // The local window is always kept: it is the answer when Redis cannot be reached, and a user
    // over the limit on this node alone is refused without a round trip.
    if (!this.fallback.admitNow(userId)) return false;
    try {
      const member = `${this.nodeId}:${++this.sequence}`;
      const result = await this.redis.eval(ADMIT_SCRIPT, 1, `${this.keyPrefix}${userId}`, this.windowMs, this.limit, member);
      return result === 1;
    } catch (error) {
      const now = Date.now();
      if (now - this.lastWarning > 10_000) {
        this.lastWarning = now;
        this.log.warn({ err: error }, 'flood control falls back to this node only: Redis did not answer');
      }
      return true;
    }
  }

  close(): void {
    this.fallback.close();
  }
}
