/**
 * This process's open chat sockets, by user. Hubs deliver through it; it never leaves the process, so
 * with several nodes each one holds only its own sockets (decision 023).
 */

/** One open socket as the hubs see it: something that takes an already serialized frame (UTF-8 JSON text). */
export interface FrameSink {
  push(data: Buffer): void;
  close(code: number, reason: string): void;
  /** The sign-in session the socket was opened with (its token's hash); undefined before sign-in. */
  readonly session?: string;
  /** The session was logged out or revoked: the socket closes as it does for a refused token. */
  endSession?(): void;
}

export class SocketRegistry<S extends FrameSink = FrameSink> {
  private readonly byUser = new Map<number, Set<S>>();
  private count = 0;

  /**
   * Adds the socket unless the user already has `max` on this node. Checked and added in one
   * synchronous step, so 500 sockets authenticated at the same moment still leave exactly `max`.
   */
  tryAdd(userId: number, sink: S, max: number): boolean {
    const open = this.byUser.get(userId);
    if (open && !open.has(sink) && open.size >= max) return false;
    this.add(userId, sink);
    return true;
  }

  add(userId: number, sink: S): void {
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    if (set.has(sink)) return;
    set.add(sink);
    this.count++;
  }

  remove(userId: number, sink: S): void {
    const set = this.byUser.get(userId);
    if (!set?.delete(sink)) return;
    this.count--;
    if (set.size === 0) this.byUser.delete(userId);
  }

  /**
   * Sends an already serialized frame to every open socket of these users on this node. The text is
   * encoded to bytes once here: a group message goes to hundreds of sockets, and a string handed to
   * each socket would be encoded again for every one of them (decision 035).
   */
  deliver(userIds: Iterable<number>, text: string): void {
    const data = Buffer.from(text);
    // A user listed twice (e.g. the sender and a member of the group) still gets the frame once.
    for (const userId of new Set(userIds)) {
      const set = this.byUser.get(userId);
      if (!set) continue;
      for (const sink of set) sink.push(data);
    }
  }

  /** Ends every socket of this user on this node that was opened with `session`. */
  endSession(userId: number, session: string): void {
    const set = this.byUser.get(userId);
    if (!set) return;
    for (const sink of [...set]) if (sink.session === session) sink.endSession?.();
  }

  /** Closes every socket on this node (each client reconnects, perhaps to another node). */
  closeAll(code: number, reason: string): void {
    for (const sink of this.all()) sink.close(code, reason);
  }

  /** Open sockets on this node. */
  get size(): number {
    return this.count;
  }

  /** Users with at least one open socket on this node. */
  get users(): number {
    return this.byUser.size;
  }

  all(): S[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }
}
