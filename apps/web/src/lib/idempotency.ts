/**
 * An Idempotency-Key (UUID v4). crypto.randomUUID exists only in secure contexts, so a page
 * served over plain http on a LAN address falls back to getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface IdempotencyKeeper {
  /** The key for this action: the held one while the same payload is retried, else a new one. */
  keyFor(fingerprint: string): string;
  /**
   * `answered`: the server replied (success or refusal), the action is over.
   * `unknown`: no reply (network, time-out), it may have happened, so a retry keeps the key.
   */
  settle(outcome: 'answered' | 'unknown'): void;
}

/** One key per user action, reused when the same action is retried after an unknown outcome. */
export function createIdempotencyKeeper(newKey: () => string = newIdempotencyKey): IdempotencyKeeper {
  let held: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(fingerprint) {
      if (held === null || held.fingerprint !== fingerprint) held = { fingerprint, key: newKey() };
      return held.key;
    },
    settle(outcome) {
      if (outcome === 'answered') held = null;
    },
  };
}
