import { useSyncExternalStore } from 'react';
import { STORAGE_ACCOUNT_KEY, STORAGE_RETURN_URL_KEY, STORAGE_TOKEN_KEY } from '@reef/contract';
import { HOME_PATH } from './pages';
import { queryClient } from './query-client';
import { readStorage, removeStorage, writeStorage } from './storage';

export interface Session {
  /** Bearer token of the signed-in user (localStorage `tokens_rwa`), null for a visitor. */
  token: string | null;
  /** Wallet account the token was issued to, as the wallet returned it. */
  account: string | null;
  /** Set by a forced logout (status 410000–410002): the app shows the login prompt. */
  loginPromptOpen: boolean;
}

let session: Session = {
  token: readStorage(STORAGE_TOKEN_KEY),
  account: readStorage(STORAGE_ACCOUNT_KEY),
  loginPromptOpen: false,
};
const listeners = new Set<() => void>();

function setSession(next: Session): void {
  session = next;
  for (const listener of listeners) listener();
}

export function getSession(): Session {
  return session;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function startSession(token: string, account: string): void {
  writeStorage(STORAGE_TOKEN_KEY, token);
  writeStorage(STORAGE_ACCOUNT_KEY, account);
  setSession({ token, account, loginPromptOpen: false });
}

/** Forgets the user on this device: token, account and every cached response (user info, bills…). */
export function endSession(): void {
  removeStorage(STORAGE_TOKEN_KEY);
  removeStorage(STORAGE_ACCOUNT_KEY);
  queryClient.removeQueries();
  setSession({ token: null, account: null, loginPromptOpen: session.loginPromptOpen });
}

/**
 * Keeps the current page for the next sign-in to come back to (takeReturnUrl). Home is not saved: it is where
 * a sign-in lands anyway, and a saved Home would override a later deep link's own save.
 */
export function saveReturnUrl(): void {
  const path = currentHashPath();
  if (path !== '/' && path !== HOME_PATH) writeStorage(STORAGE_RETURN_URL_KEY, path);
}

/** The server refused the token: keep the page to come back to, log out, show the login prompt. */
export function forceLogout(): void {
  if (session.token === null && session.loginPromptOpen) return;
  writeStorage(STORAGE_RETURN_URL_KEY, currentHashPath());
  endSession();
  setSession({ ...session, loginPromptOpen: true });
}

export function closeLoginPrompt(): void {
  if (session.loginPromptOpen) setSession({ ...session, loginPromptOpen: false });
}

/** Reads and clears the page saved by a forced logout. Only in-app hash paths are honoured. */
export function takeReturnUrl(): string | null {
  const saved = readStorage(STORAGE_RETURN_URL_KEY);
  removeStorage(STORAGE_RETURN_URL_KEY);
  return saved !== null && saved.startsWith('/') && !saved.startsWith('//') ? saved : null;
}

function currentHashPath(): string {
  const path = window.location.hash.replace(/^#/, '');
  return path.startsWith('/') ? path : '/';
}

// Another tab signing in or out changes the same storage: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== null && event.key !== STORAGE_TOKEN_KEY && event.key !== STORAGE_ACCOUNT_KEY) return;
    const token = readStorage(STORAGE_TOKEN_KEY);
    const account = readStorage(STORAGE_ACCOUNT_KEY);
    if (token === session.token && account === session.account) return;
    if (token === null) queryClient.removeQueries();
    setSession({ token, account, loginPromptOpen: session.loginPromptOpen && token === null });
  });
}
