import { useSyncExternalStore } from 'react';
import { readStorage, removeStorage, writeStorage } from './storage';

/** localStorage key of the "hide balances" eye; set ('1') while hidden, absent otherwise. */
export const HIDE_BALANCES_KEY = 'hide_balances';

/** What a hidden amount shows instead of its digits. */
export const HIDDEN_AMOUNT = '****';

let hidden = readStorage(HIDE_BALANCES_KEY) === '1';
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getHidden(): boolean {
  return hidden;
}

export function setBalancesHidden(next: boolean): void {
  hidden = next;
  if (next) writeStorage(HIDE_BALANCES_KEY, '1');
  else removeStorage(HIDE_BALANCES_KEY);
  for (const listener of listeners) listener();
}

/**
 * Whether the user chose to hide their balances (the eye on Home and the balances page). Kept on the device,
 * so a balance never flashes on screen after a reload in a public place.
 */
export function useBalancesHidden(): boolean {
  return useSyncExternalStore(subscribe, getHidden, getHidden);
}
