/**
 * A tiny cross-process notice board: a message published here reaches every process of the deployment,
 * this one included, synchronously for this one. Used to drop in-process caches at once when the data
 * they copy changes (a revoked session, decision 034).
 *
 * Without Redis there is one process (PGlite owns its data directory; several processes on PostgreSQL need
 * REDIS_URL, as the chat fan-out and the rate limits already do), so local delivery is the whole job.
 *
 * With Redis, a cache may only be trusted while this process is subscribed: a notice published while the
 * subscriber was away is lost. `live()` says whether it is, and `onReset` handlers run whenever the
 * subscription (re)starts, so caches start empty after any gap instead of keeping what a lost notice
 * would have removed.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export interface BroadcastLog {
  warn(object: object, message: string): void;
}

export interface Broadcast {
  /** Delivers to this process at once, then to the others; resolves once Redis has taken the message. */
  publish(message: string): Promise<void>;
  onMessage(handler: (message: string) => void): void;
  /** Runs when notices may have been missed (the subscription restarted): drop everything cached. */
  onReset(handler: () => void): void;
  /** False while notices from other processes could be missed. */
  live(): boolean;
  close(): Promise<void>;
}

class LocalBroadcast implements Broadcast {
  protected readonly handlers: ((message: string) => void)[] = [];
  protected readonly resets: (() => void)[] = [];

  publish(message: string): Promise<void> {
    this.deliver(message);
    return Promise.resolve();
  }

  protected deliver(message: string): void {
    for (const handler of this.handlers) handler(message);
  }

  onMessage(handler: (message: string) => void): void {
    this.handlers.push(handler);
  }

  onReset(handler: () => void): void {
    this.resets.push(handler);
  }

  live(): boolean {
    return true;
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

class RedisBroadcast extends LocalBroadcast {
  private readonly nodeId = randomBytes(8).toString('hex');

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly channel: string,
  ) {
    super();
  }

  static async connect(url: string, channel: string, log: BroadcastLog): Promise<RedisBroadcast> {
    const publisher = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    const subscriber = new Redis(url, { lazyConnect: true });
    publisher.on('error', (error) => log.warn({ err: error }, 'broadcast: Redis publisher connection error'));
    subscriber.on('error', (error) => log.warn({ err: error }, 'broadcast: Redis subscriber connection error'));
    const broadcast = new RedisBroadcast(publisher, subscriber, channel);
    try {
      await publisher.connect();
      await subscriber.connect();
      await subscriber.subscribe(channel);
    } catch (error) {
      publisher.disconnect();
      subscriber.disconnect();
      throw error;
    }
    subscriber.on('message', (from, message: string) => {
      if (from !== channel) return;
      const space = message.indexOf(' ');
      // Our own notice came back: it was delivered here when it was published.
      if (space <= 0 || message.slice(0, space) === broadcast.nodeId) return;
      broadcast.deliver(message.slice(space + 1));
    });
    // ioredis resubscribes by itself after a reconnect; whatever was published meanwhile is gone.
    subscriber.on('ready', () => broadcast.reset());
    subscriber.on('close', () => broadcast.reset());
    return broadcast;
  }

  private reset(): void {
    for (const handler of this.resets) handler();
  }

  override async publish(message: string): Promise<void> {
    this.deliver(message);
    await this.publisher.publish(this.channel, `${this.nodeId} ${message}`);
  }

  override live(): boolean {
    return this.subscriber.status === 'ready';
  }

  override async close(): Promise<void> {
    await Promise.allSettled([this.subscriber.quit(), this.publisher.quit()]);
  }
}

export async function startBroadcast(options: { redisUrl: string | undefined; channel: string; log: BroadcastLog }): Promise<Broadcast> {
  return options.redisUrl ? RedisBroadcast.connect(options.redisUrl, options.channel, options.log) : new LocalBroadcast();
}
