import { useSyncExternalStore } from 'react';

/** The console routes in the hash (`#/users/12`), so the server serves one document at /admin/. */
export function useHashPath(): string {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener('hashchange', listener);
      return () => window.removeEventListener('hashchange', listener);
    },
    () => window.location.hash.replace(/^#/, '') || '/',
  );
}

export function navigate(path: string): void {
  window.location.hash = path;
}
