/**
 * The starter-card burst gate (decision 051): per process and session, how many buys may be inside a database
 * transaction at once. A session with `remaining` cards left admits at most `remaining` buyers at a time; the
 * others wait in arrival order. A buyer that fails for its own reason (cap, funds) hands its place to the next;
 * once the stock is gone every waiter is refused at once, without a database round trip.
 *
 * Only an admission control: the database's conditional UPDATE still decides every sale. With several processes
 * each has its own gate; one that admits too many learns from the UPDATE that the stock is gone.
 */
export type GateOutcome = 'bought' | 'sold_out' | 'failed';

export class StockGate {
  private remaining: number;
  private inFlight = 0;
  private readonly waiters: (() => void)[] = [];

  constructor(remaining: number) {
    this.remaining = Math.max(0, remaining);
  }

  /** What the database said last (stock − sold, committed); the buys in flight are not in it. */
  refresh(remaining: number): void {
    this.remaining = Math.max(0, remaining);
    this.wake();
  }

  get soldOut(): boolean {
    return this.remaining === 0;
  }

  /** Resolves true when the caller may try to buy, false when the stock is gone (the caller refuses CARD_SOLD_OUT). */
  async enter(): Promise<boolean> {
    for (;;) {
      if (this.remaining === 0) return false;
      if (this.inFlight < this.remaining) {
        this.inFlight += 1;
        return true;
      }
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** The buy's outcome: a sale takes one card; a sold-out answer means none is left; anything else frees the place. */
  leave(outcome: GateOutcome): void {
    this.inFlight -= 1;
    if (outcome === 'bought') this.remaining = Math.max(0, this.remaining - 1);
    if (outcome === 'sold_out') this.remaining = 0;
    this.wake();
  }

  private wake(): void {
    // Everyone re-checks: the sold-out ones leave, up to `remaining − inFlight` go in, the rest wait again.
    const waiting = this.waiters.splice(0);
    for (const resolve of waiting) resolve();
  }
}

/** Gates by session, per database handle (tests run several apps, each with its own database, in one process). */
export class StockGates {
  private readonly gates = new Map<number, { gate: StockGate; refreshedAt: number }>();

  constructor(private readonly maxAgeMs: number) {}

  /** The session's gate, refreshed from `remaining` when it is older than maxAgeMs (or new). */
  gateFor(sessionId: number, nowMs: number, remaining: () => number): StockGate {
    const entry = this.gates.get(sessionId);
    if (!entry) {
      const gate = new StockGate(remaining());
      this.gates.set(sessionId, { gate, refreshedAt: nowMs });
      return gate;
    }
    if (nowMs - entry.refreshedAt > this.maxAgeMs) {
      entry.gate.refresh(remaining());
      entry.refreshedAt = nowMs;
    }
    return entry.gate;
  }
}
