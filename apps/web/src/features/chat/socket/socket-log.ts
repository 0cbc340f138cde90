import { SOCKET_LOG_MAX } from '@reef/contract';

export type SocketLogDirection = 'in' | 'out' | 'state';

export interface SocketLogEntry {
  /** Milliseconds since the epoch. */
  at: number;
  direction: SocketLogDirection;
  /** Frame type, or the new state for a state entry. */
  type: string;
  summary: string;
}

/**
 * The last SOCKET_LOG_MAX frames and state changes (spec §9: 100), oldest first, for the hidden debug
 * screen. Entries hold summaries, not message text: the log is for diagnosing the connection.
 */
export class SocketLog {
  private entries: readonly SocketLogEntry[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly max: number = SOCKET_LOG_MAX,
    private readonly now: () => number = Date.now,
  ) {}

  add(direction: SocketLogDirection, type: string, summary = ''): void {
    const next = [...this.entries, { at: this.now(), direction, type, summary }];
    // A new array each time, so useSyncExternalStore sees a change.
    this.entries = next.length > this.max ? next.slice(next.length - this.max) : next;
    for (const listener of this.listeners) listener();
  }

  list(): readonly SocketLogEntry[] {
    return this.entries;
  }

  clear(): void {
    this.entries = [];
    for (const listener of this.listeners) listener();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
