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

export interface Realtime extends RealtimeHub {
  readonly sockets: SocketRegistry<FrameSink>;
  readonly flood: FloodGate;
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
  log: HubLog;
}

export async function startRealtime({ redisUrl, channel, floodPerSecond, log }: RealtimeOptions): Promise<Realtime> {
  const sockets = new SocketRegistry();
  if (!redisUrl) {
    const hub = new LocalHub(sockets, log);
    const flood = new LocalFloodGate(floodPerSecond);
    return {
      sockets,
      flood,
      mode: 'local',
      inFlight: new Set(),
      publish: (userIds: readonly number[], frame: ServerFrame) => hub.publish(userIds, frame),
      close: async () => flood.close(),
    };
  }
  const hub = await RedisHub.connect({ url: redisUrl, channel, sockets, log });
  const flood = new RedisFloodGate(hub.publisher, `${channel}:flood:`, hub.nodeId, floodPerSecond, log);
  return {
    sockets,
    flood,
    mode: 'redis',
    inFlight: new Set(),
    publish: (userIds: readonly number[], frame: ServerFrame) => hub.publish(userIds, frame),
    close: async () => {
      flood.close();
      await hub.close();
    },
  };
}
