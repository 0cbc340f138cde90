/**
 * Open chat sockets per client address on this node (decision 037). Taken at the upgrade, before the
 * token is checked, so sockets that never sign in count too: one address cannot hold thousands of
 * half-open sockets, whatever tokens it sends. Per node, like the per-user cap: with several nodes
 * behind a balancer the bound is the cap times the nodes, still a bound.
 */
export class AddressSlots {
  private readonly open = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Takes a slot for `address`; false when it already holds `max`. */
  take(address: string): boolean {
    const count = this.open.get(address) ?? 0;
    if (count >= this.max) return false;
    this.open.set(address, count + 1);
    return true;
  }

  release(address: string): void {
    const count = this.open.get(address) ?? 0;
    if (count <= 1) this.open.delete(address);
    else this.open.set(address, count - 1);
  }

  /** Addresses holding at least one slot. */
  get addresses(): number {
    return this.open.size;
  }
}
