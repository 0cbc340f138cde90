/**
 * The realtime side of one server process: its sockets, the hub services publish through (Redis when
 * REDIS_URL is set, this process alone otherwise) and the flood gate. `app.realtime` is this.
 */
import type { ServerFrame } from '@reef/contract';
import type { RealtimeHub } from './realtime-hub.js';
import { LocalFloodGate, RedisFloodGate, type FloodGate } from './flood-gate.js';
import { LocalHub, type HubLog } from './local-hub.js';
import { RedisHub } from './redis-hub.js';
import { SocketRegistry, type FrameSink } from './socket-registry.js';
import { AddressSlots } from './address-slots.js';

export interface Realtime extends RealtimeHub {
  readonly sockets: SocketRegistry<FrameSink>;
  readonly flood: FloodGate;
  /**
   * A rolling-window limit per user for another kind of request (uploads), on the same store as the
   * flood gate: Redis when there is one, so the limit holds across nodes; this process otherwise.
   */
  requestGate(name: string, limit: number, windowMs: number): FloodGate;
  /** Open sockets per client address on this node (SOCKETS_PER_IP). */
  readonly addresses: AddressSlots;
  /**
   * A session was logged out or revoked: its sockets close now, on this node and (with Redis) on every
   * other one, instead of at their next token re-check.
   */
  endSession(userId: number, session: string): void;
  /** 'redis' when frames fan out to other nodes. */
  readonly mode: 'local' | 'redis';
  /**
   * Frame work under way on this node. Shutdown waits for it after closing the sockets, so a message
   * being stored is committed (and its resend answered from the record) before the database closes.
   */
  readonly inFlight: Set<Promise<void>>;
  close(): Promise<void>;
}

export interface RealtimeOptions {
  redisUrl: string | undefined;
  /** Pub/sub channel, and the prefix of the flood-control keys. */
  channel: string;
  /** Frames one user may send per second, over all of the user's sockets and nodes. */
  floodPerSecond: number;
  /** Open sockets one client address may hold on this node. */
  socketsPerAddress: number;
  log: HubLog;
}

export async function startRealtime({ redisUrl, channel, floodPerSecond, socketsPerAddress, log }: RealtimeOptions): Promise<Realtime> {
  const sockets = new SocketRegistry();
  const addresses = new AddressSlots(socketsPerAddress);
  if (!redisUrl) {
    const hub = new LocalHub(sockets, log);
    const flood = new LocalFloodGate(floodPerSecond);
    return {
      sockets,
      flood,
      addresses,
      requestGate: (_name: string, limit: number, windowMs: number) => new LocalFloodGate(limit, Date.now, windowMs),
      mode: 'local',
      inFlight: new Set(),
      publish: (userIds: readonly number[], frame: ServerFrame) => {
        // The logger adds the id of the request or job publishing it (decision 081).
        log.debug?.({ frame: frame.type, users: userIds.length }, 'frame published');
        hub.publish(userIds, frame);
      },
      endSession: (userId: number, session: string) => sockets.endSession(userId, session),
      close: async () => flood.close(),
    };
  }
  const hub = await RedisHub.connect({ url: redisUrl, channel, sockets, log });
  const flood = new RedisFloodGate(hub.publisher, `${channel}:flood:`, hub.nodeId, floodPerSecond, log);
  return {
    sockets,
    flood,
    addresses,
    requestGate: (name: string, limit: number, windowMs: number) => new RedisFloodGate(hub.publisher, `${channel}:${name}:`, hub.nodeId, limit, log, windowMs),
    mode: 'redis',
    inFlight: new Set(),
    publish: (userIds: readonly number[], frame: ServerFrame) => {
      // The logger adds the id of the request or job publishing it (decision 081).
      log.debug?.({ frame: frame.type, users: userIds.length }, 'frame published');
      hub.publish(userIds, frame);
    },
    endSession: (userId: number, session: string) => hub.endSession(userId, session),
    close: async () => {
      flood.close();
      await hub.close();
    },
  };
}
