/**
 * Reads that many concurrent requests make outside a transaction, shared (decisions 061 and 127): a lookup that
 * finds none in flight runs at once, alone (no added wait when idle); the ones arriving meanwhile go together in
 * the next call of `lookup`. A burst of N requests then costs a few statements, not N, and its answers no longer
 * queue behind N reads on a database that runs one statement at a time (PGlite) or on a pool of 20.
 */
export class LookupBatcher<K, V> {
  private readonly pending: { key: K; resolve: (value: V) => void; reject: (error: unknown) => void }[] = [];
  private running = false;

  /** `lookup` answers one value per key, in the keys' order. */
  constructor(
    private readonly lookup: (keys: K[]) => Promise<V[]>,
    private readonly maxPerCall: number,
  ) {}

  find(key: K): Promise<V> {
    return new Promise((resolve, reject) => {
      this.pending.push({ key, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    while (this.pending.length) {
      const batch = this.pending.splice(0, this.maxPerCall);
      try {
        const values = await this.lookup(batch.map((item) => item.key));
        batch.forEach((item, i) => item.resolve(values[i]!));
      } catch (error) {
        for (const item of batch) item.reject(error);
      }
    }
    this.running = false;
  }
}
