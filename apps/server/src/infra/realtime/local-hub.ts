/** One node, no Redis: a published frame goes straight to this process's sockets. */
import type { ServerFrame } from '@reef/contract';
import type { RealtimeHub } from './realtime-hub.js';
import { encodeForPublish } from './encode-frame.js';
import type { SocketRegistry } from './socket-registry.js';

export interface HubLog {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
  debug?(object: object, message: string): void;
}

export class LocalHub implements RealtimeHub {
  constructor(
    private readonly sockets: SocketRegistry,
    private readonly log: HubLog,
  ) {}

  publish(userIds: readonly number[], frame: ServerFrame): void {
    if (userIds.length === 0) return;
    const data = encodeForPublish(frame, this.log);
    if (data === null) return;
    this.sockets.deliver(userIds, data);
  }
}
