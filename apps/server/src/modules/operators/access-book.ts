/**
 * Who holds which operator role and who is frozen, as this process last read them (decision 082). Both sets are
 * small (a few dozen operators, a handful of frozen users), so they are read whole and kept until a change:
 * every grant, revocation, freeze and unfreeze publishes `access` on the broadcast the session cache uses, and
 * every process drops its copy, so the change holds from the next request on, on every process. While the
 * broadcast is not live (Redis subscriber away) nothing is cached and each request reads the tables.
 */
import type { AccessSnapshot, AccessSource } from '../../core/auth-user.js';
import type { Broadcast } from '../../infra/broadcast.js';

export type { AccessSnapshot } from '../../core/auth-user.js';

const NOTICE = 'access';

export class AccessBook implements AccessSource {
  private snapshot: AccessSnapshot | null = null;
  private loading: { generation: number; promise: Promise<AccessSnapshot> } | null = null;
  private generation = 0;

  constructor(
    private readonly broadcast: Broadcast,
    private readonly load: () => Promise<AccessSnapshot>,
  ) {
    broadcast.onMessage((message) => {
      if (message === NOTICE) this.drop();
    });
    broadcast.onReset(() => this.drop());
  }

  private drop(): void {
    this.generation++;
    this.snapshot = null;
    this.loading = null;
  }

  async current(): Promise<AccessSnapshot> {
    if (!this.broadcast.live()) return this.load();
    if (this.snapshot) return this.snapshot;
    const generation = this.generation;
    if (this.loading?.generation !== generation) this.loading = { generation, promise: this.load() };
    const snapshot = await this.loading.promise;
    // A change that arrived while the tables were read may not be in this copy: use it once, keep nothing.
    if (generation === this.generation && this.broadcast.live()) this.snapshot = snapshot;
    return snapshot;
  }

  /** Tells every process (this one at once) that roles or frozen users changed. */
  changed(): Promise<void> {
    return this.broadcast.publish(NOTICE);
  }
}
