/**
 * How the rest of the server pushes socket frames without knowing where a user is connected.
 * One node: frames go straight to this process's sockets. With REDIS_URL: every node publishes to
 * Redis and delivers what it receives to its own sockets, so users on different nodes talk as if on
 * one (issue 4 §3, decision 023).
 */
import type { ServerFrame } from '@reef/contract';

export interface RealtimeHub {
  /**
   * Delivers `frame` to every open socket of these users, on every node. Fire-and-forget: the
   * database is the record, and a client that misses a frame catches up with GET /api/chat/sync.
   */
  publish(userIds: readonly number[], frame: ServerFrame): void;
}
