/**
 * How the funds pages show chain things: an address shortened to its ends (never shortened twice), and block
 * explorer links under the server's EXPLORER_URL (decision 042).
 */

const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;
const HASH_RE = /^0x[0-9a-fA-F]{64}$/;

export function isAddress(value: string): boolean {
  return ADDRESS_RE.test(value);
}

export function isTxHash(value: string): boolean {
  return HASH_RE.test(value);
}

/**
 * `0x12ab…89cd`: the first 4 and last 4 hex digits, enough to compare with a wallet. Anything that is not a
 * whole address (already masked, or free text) is returned as it is, so a masked value is never masked again.
 */
export function maskAddress(value: string): string {
  if (!isAddress(value)) return value;
  return `${value.slice(0, 6)}…${value.slice(-4)}`;
}

/** A transaction hash shortened to its ends for a line of text. */
export function maskHash(value: string): string {
  if (!isTxHash(value)) return value;
  return `${value.slice(0, 10)}…${value.slice(-8)}`;
}

/**
 * The explorer page of an address or a transaction; null when the base is not an http(s) URL or the value is not
 * what the kind says, so a bad configuration or a bad value never becomes a link.
 */
export function explorerLink(base: string | undefined, kind: 'address' | 'tx', value: string): string | null {
  if (base === undefined || !/^https?:\/\/[^\s?#]+$/.test(base)) return null;
  if (kind === 'address' ? !isAddress(value) : !isTxHash(value)) return null;
  return `${base.replace(/\/+$/, '')}/${kind}/${value}`;
}
