// Its own module, like mobile-user-agent.ts: the app shell reads it at start-up without the wallet code (decision 039).
import { getSession } from '../../../lib/session';
import { readStorage } from '../../../lib/storage';
import { isMobileUserAgent } from './mobile-user-agent';

/**
 * Set by an explicit logout, cleared by the next successful sign-in: while it is set the start-up check
 * does not sign in by itself (a real wallet would pop a signature request the user just said no to).
 */
export const LOGGED_OUT_STORAGE_KEY = 'logged_out';

/** How many wallet apps `walletAppLinks` lists: the card's placeholder rows while the list's code arrives (a test holds them equal). */
export const WALLET_APP_COUNT = 5;

/**
 * Whether the start-up check will end by offering the wallet apps in the not-logged-in card (decision 044): a phone
 * browser, no user, no sticky logout, and no injected wallet — a wallet app's own browser injects `window.ethereum`
 * before the page's scripts run, and a phone browser has no extensions. The card shows the list from the first render
 * instead of growing after the 3 s discovery, which moved everything below it (a layout shift of 0.27 on Home,
 * decision 062); a wallet found after all withdraws it.
 */
export function expectsWalletApps(): boolean {
  return getSession().token === null && readStorage(LOGGED_OUT_STORAGE_KEY) === null && isMobileUserAgent(navigator.userAgent) && window.ethereum === undefined;
}
