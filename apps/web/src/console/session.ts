import { useSyncExternalStore } from 'react';

/** The console's own token, apart from the mobile app's: signing out of one leaves the other alone. */
const TOKEN_KEY = 'reef_console_token';

let token: string | null = readToken();
const listeners = new Set<() => void>();

function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function consoleToken(): string | null {
  return token;
}

export function setConsoleToken(next: string | null): void {
  token = next;
  try {
    if (next) localStorage.setItem(TOKEN_KEY, next);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Private mode: the session lasts as long as the tab.
  }
  for (const listener of listeners) listener();
}

export function useConsoleToken(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => token,
  );
}
