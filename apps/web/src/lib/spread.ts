import { STORAGE_SPREAD_KEY } from '@reef/contract';
import { readStorage, writeStorage } from './storage';

/** A referrer id as the contract accepts it (at most 32 characters). */
const SPREAD_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

function fromQuery(query: string): string | null {
  return new URLSearchParams(query).get('spread');
}

/**
 * The referrer id from `?spread=`. With a hash router the query can sit before the hash
 * (`/index/?spread=7#/`) or inside it (`#/pages/index/index?spread=7`); the one inside the hash
 * belongs to the route being opened, so it wins.
 */
export function readSpread(location: { search: string; hash: string }): string | null {
  const queryStart = location.hash.indexOf('?');
  const inHash = queryStart >= 0 ? fromQuery(location.hash.slice(queryStart + 1)) : null;
  const value = (inHash ?? fromQuery(location.search))?.trim();
  return value && SPREAD_PATTERN.test(value) ? value : null;
}

/** Keeps the latest referrer id seen in the URL under localStorage `spread`. */
export function captureSpread(location: { search: string; hash: string }): void {
  const spread = readSpread(location);
  if (spread !== null) writeStorage(STORAGE_SPREAD_KEY, spread);
}

export function storedSpread(): string | null {
  const saved = readStorage(STORAGE_SPREAD_KEY);
  return saved !== null && SPREAD_PATTERN.test(saved) ? saved : null;
}
