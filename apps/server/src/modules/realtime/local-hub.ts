/** One node, no Redis: a published frame goes straight to this process's sockets. */
import type { ServerFrame } from '@reef/contract';
import type { RealtimeHub } from './realtime-hub.js';
import { encodeFrame } from './encode-frame.js';
import type { SocketRegistry } from './socket-registry.js';

export interface HubLog {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export class LocalHub implements RealtimeHub {
  constructor(
    private readonly sockets: SocketRegistry,
    private readonly log: HubLog,
  ) {}

  publish(userIds: readonly number[], frame: ServerFrame): void {
    if (userIds.length === 0) return;
    // Publishing is fire-and-forget for the caller, whose transaction has already committed: a frame
    // the contract refuses is a server bug to log, not a reason to fail the caller's request.
    let data: string;
    try {
      data = encodeFrame(frame);
    } catch (error) {
      this.log.error({ err: error, type: frame.type }, 'refused to publish a frame the contract does not accept');
      return;
    }
    this.sockets.deliver(userIds, data);
  }

}
