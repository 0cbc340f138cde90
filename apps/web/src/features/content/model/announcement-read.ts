import { useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from '../../../lib/storage';

/** The newest announcement this device opened (decision 078): Home's unread dot shows until the pinned one is opened. */
const STORAGE_KEY = 'announcement_read';
const listeners = new Set<() => void>();

export function lastReadAnnouncement(): string | null {
  return readStorage(STORAGE_KEY);
}

export function markAnnouncementRead(id: string): void {
  if (readStorage(STORAGE_KEY) === id) return;
  writeStorage(STORAGE_KEY, id);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLastReadAnnouncement(): string | null {
  return useSyncExternalStore(subscribe, lastReadAnnouncement, lastReadAnnouncement);
}
