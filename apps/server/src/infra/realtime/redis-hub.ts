/**
 * Several nodes sharing one database: every publish goes to one Redis pub/sub channel, and every node
 * delivers what it receives to its own sockets (issue 4 §3, decision 023).
 *
 * - One publisher and one subscriber connection per process, one channel for all users: the cost per
 *   frame is one PUBLISH, however many users it is for, and no per-user subscriptions to churn.
 * - The frame is serialized once; the message is `<node id> <uid,uid,…> <frame JSON>`, so a receiving
 *   node slices the JSON out and hands it to its sockets without parsing or re-serializing it.
 * - The publishing node delivers to its own sockets at once and ignores its own message when Redis
 *   echoes it back: delivered locally once, never twice, and without waiting for a round trip.
 * - Order: Redis delivers one connection's publishes to every subscriber in publish order, and local
 *   delivery is synchronous, so frames for one user published from one node arrive in publish order.
 * - Ended sessions (logout, revocation) go on a second channel, `<channel>:session-revoked`, as
 *   `<node id> <uid> <session>`; every node closes that session's sockets at once (decision 037). A
 *   separate channel keeps the frame path free of a type check, and its name says what it carries.
 * - Redis down: publishes fail (logged, not queued — a queue would replay stale frames later); sockets
 *   on this node still get their frames. Once the subscription is back, every socket of this node is closed with
 *   RESYNC: frames of the other nodes sent meanwhile never arrived, and a client only catches up (GET
 *   /api/chat/sync from its cursor) when it reconnects (decision 128).
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { chatSocket, type ServerFrame } from '@reef/contract';
import type { RealtimeHub } from './realtime-hub.js';
import { encodeForPublish } from './encode-frame.js';
import type { HubLog } from './local-hub.js';
import type { SocketRegistry } from './socket-registry.js';

const WARN_EVERY_MS = 10_000;

export interface RedisHubOptions {
  url: string;
  /** The pub/sub channel; nodes of one deployment share it, tests use a unique one each. */
  channel: string;
  sockets: SocketRegistry;
  log: HubLog;
}

/** The pub/sub channel of ended sessions, beside the frame channel of the same deployment. */
export function sessionRevokedChannel(channel: string): string {
  return `${channel}:session-revoked`;
}

export class RedisHub implements RealtimeHub {
  private lastWarning = 0;

  private constructor(
    /** Distinguishes this process's messages from other nodes' on the shared channel. */
    readonly nodeId: string,
    /** Also runs ordinary commands (the flood gate's script): a subscribed connection cannot. */
    readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly channel: string,
    private readonly revokedChannel: string,
    private readonly sockets: SocketRegistry,
    private readonly log: HubLog,
  ) {}

  static async connect({ url, channel, sockets, log }: RedisHubOptions): Promise<RedisHub> {
    const nodeId = randomBytes(8).toString('hex');
    const publisher = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    // Named, so an operator (or a test) can tell this node's subscription apart in CLIENT LIST.
    const subscriber = new Redis(url, { lazyConnect: true, connectionName: `reef-hub-${nodeId}` });
    const hub = new RedisHub(nodeId, publisher, subscriber, channel, sessionRevokedChannel(channel), sockets, log);
    publisher.on('error', (error) => hub.warn(error, 'Redis publisher connection error'));
    subscriber.on('error', (error) => hub.warn(error, 'Redis subscriber connection error'));
    try {
      await publisher.connect();
      await subscriber.connect();
      // ioredis subscribes again by itself after a reconnect.
      await subscriber.subscribe(channel, hub.revokedChannel);
    } catch (error) {
      publisher.disconnect();
      subscriber.disconnect();
      throw error;
    }
    subscriber.on('message', (from, message: string) => {
      if (from === channel) hub.receive(message);
      else if (from === hub.revokedChannel) hub.receiveEndedSession(message);
    });
    let lost = false;
    subscriber.on('close', () => {
      lost = true;
    });
    subscriber.on('ready', () => {
      if (!lost) return;
      lost = false;
      // ioredis subscribes again on its own; one more SUBSCRIBE (idempotent) is the round trip that says it has, so
      // a client reconnecting after the close cannot miss a frame between its catch-up and the subscription.
      subscriber.subscribe(channel, hub.revokedChannel).then(
        () => sockets.closeAll(chatSocket.SOCKET_CLOSE.RESYNC, 'reconnect to catch up'),
        (error: unknown) => hub.warn(error, 'Redis subscription could not be restored'),
      );
    });
    return hub;
  }

  publish(userIds: readonly number[], frame: ServerFrame): void {
    if (userIds.length === 0) return;
    const data = encodeForPublish(frame, this.log);
    if (data === null) return;
    this.sockets.deliver(userIds, data);
    this.publisher.publish(this.channel, `${this.nodeId} ${userIds.join(',')} ${data}`).catch((error: unknown) => {
      this.warn(error, 'a frame could not be published to the other nodes');
    });
  }

  endSession(userId: number, session: string): void {
    this.sockets.endSession(userId, session);
    this.publisher.publish(this.revokedChannel, `${this.nodeId} ${userId} ${session}`).catch((error: unknown) => {
      // The other nodes' sockets of this session still stop at their next token re-check.
      this.warn(error, 'an ended session could not be published to the other nodes');
    });
  }

  private receiveEndedSession(message: string): void {
    const [node, uid, session] = message.split(' ');
    if (!node || node === this.nodeId || !session) return;
    const userId = Number(uid);
    if (Number.isSafeInteger(userId) && userId > 0) this.sockets.endSession(userId, session);
  }

  private receive(message: string): void {
    const first = message.indexOf(' ');
    const second = message.indexOf(' ', first + 1);
    if (first <= 0 || second <= first) return;
    if (message.slice(0, first) === this.nodeId) return;
    const userIds = message
      .slice(first + 1, second)
      .split(',')
      .map(Number)
      .filter((id) => Number.isSafeInteger(id) && id > 0);
    this.sockets.deliver(userIds, message.slice(second + 1));
  }

  private warn(error: unknown, message: string): void {
    const now = Date.now();
    if (now - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = now;
    this.log.warn({ err: error }, message);
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.subscriber.quit(), this.publisher.quit()]);
  }
}
