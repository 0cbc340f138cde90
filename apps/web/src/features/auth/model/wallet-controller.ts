import { WALLET_DETECT_TIMEOUT_MS } from '@reef/contract';
import { ApiError, toastError, TransportError } from '../../../lib/api-client';
import { HOME_PATH } from '../../../lib/pages';
import { closeLoginPrompt, endSession, getSession, saveReturnUrl, startSession, takeReturnUrl } from '../../../lib/session';
import { storedSpread } from '../../../lib/spread';
import { readStorage, removeStorage, writeStorage } from '../../../lib/storage';
import {
  discoverWallets,
  isTargetChain,
  isUserRejection,
  rpcErrorCode,
  sameAccount,
  selectedAccount,
  setActiveProvider,
  switchToTargetChain,
  type Discovery,
  type Wallet,
} from '../../../lib/wallet';
import { getLoginNonce } from '../api/get-login-nonce';
import { login } from '../api/login';
import { logoutRequest } from '../api/logout';
import { signInWithWallet } from './sign-in';

/** The wallet the user picked last time, by EIP-6963 rdns, so a launch does not ask again. */
const WALLET_STORAGE_KEY = 'wallet_rdns';
/**
 * Set by an explicit logout, cleared by the next successful sign-in: while it is set the start-up check
 * does not sign in by itself (a real wallet would pop a signature request the user just said no to).
 */
export const LOGGED_OUT_STORAGE_KEY = 'logged_out';
/** MetaMask: a connect request is already waiting in the wallet. */
const REQUEST_PENDING = -32002;

export type AuthMessage = 'installWallet' | 'multipleWallets' | 'rejected' | 'walletError' | 'walletPending' | 'wrongChain' | 'loggedOut';

export interface WalletControllerDeps {
  toast(message: string): void;
  message(key: AuthMessage): string;
  /** Shows the wallet picker; resolves null when the user closes it. */
  chooseWallet(wallets: Wallet[]): Promise<Wallet | null>;
  /** Runs after the token is stored (the app loads the user info). */
  onSignedIn(): Promise<unknown>;
  navigate(path: string): void;
  setBusy(busy: boolean): void;
  /**
   * A phone browser without an injected wallet: offer to reopen the page in a wallet app (decision 044) — in the
   * not-logged-in card after the start-up check, and as a sheet after a tap on Sign in. Answers false where that
   * does not apply (a desktop browser), which keeps the spec's install toast.
   */
  offerWalletApps(how: 'inline' | 'sheet'): boolean;
}

interface SignInSource {
  discovery?: Discovery;
  wallet?: Wallet;
  /** A click on Sign in: the picker opens even when a wallet was remembered. */
  interactive: boolean;
}

export interface WalletController {
  /** Start-up check of spec §4: sign in when there is no token, log out when the wallet's account changed. */
  launch(): Promise<void>;
  signIn(): Promise<void>;
  /** `explicit`: the user asked for it, so the next launch waits for a tap on Sign in. */
  logout(options: { announce: boolean; explicit?: boolean }): Promise<void>;
}

function discover(): Promise<Discovery> {
  return discoverWallets({ target: window, legacy: () => window.ethereum, timeoutMs: WALLET_DETECT_TIMEOUT_MS });
}

function firstAccount(accounts: unknown): string | null {
  return Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : null;
}

export function createWalletController(deps: WalletControllerDeps): WalletController {
  let watched: Wallet | null = null;
  let flight: Promise<void> | null = null;

  const reportMissing = (discovery: Discovery, interactive: boolean) => {
    if (discovery.kind === 'none' && !deps.offerWalletApps(interactive ? 'sheet' : 'inline')) deps.toast(deps.message('installWallet'));
    if (discovery.kind === 'conflict') deps.toast(deps.message('multipleWallets'));
  };

  const reportFailure = (error: unknown) => {
    if (isUserRejection(error)) deps.toast(deps.message('rejected'));
    else if (error instanceof ApiError || error instanceof TransportError) toastError(error);
    else if (rpcErrorCode(error) === REQUEST_PENDING) deps.toast(deps.message('walletPending'));
    else {
      console.error(error);
      deps.toast(deps.message('walletError'));
    }
  };

  const remembered = (wallets: Wallet[]): Wallet | null => {
    if (wallets.length === 1) return wallets[0]!;
    const rdns = readStorage(WALLET_STORAGE_KEY);
    return wallets.find((w) => w.info !== null && w.info.rdns === rdns) ?? null;
  };

  const logout = async ({ announce, explicit = false }: { announce: boolean; explicit?: boolean }) => {
    if (explicit) writeStorage(LOGGED_OUT_STORAGE_KEY, '1');
    if (getSession().token !== null) await logoutRequest().catch(() => undefined);
    endSession();
    if (announce) deps.toast(deps.message('loggedOut'));
  };

  const watch = (wallet: Wallet) => {
    if (watched?.provider === wallet.provider) return;
    const previous = watched;
    previous?.provider.removeListener?.('accountsChanged', onAccountsChanged);
    previous?.provider.removeListener?.('chainChanged', onChainChanged);
    watched = wallet;
    setActiveProvider(wallet.provider);
    wallet.provider.on?.('accountsChanged', onAccountsChanged);
    wallet.provider.on?.('chainChanged', onChainChanged);
  };

  // Another account in the wallet means another user: the old token must not act for it.
  function onAccountsChanged(accounts: unknown) {
    const next = firstAccount(accounts);
    const { token, account } = getSession();
    if (token === null || sameAccount(next, account)) return;
    const wallet = watched;
    void logout({ announce: false }).then(() => {
      if (next !== null && wallet !== null) return signIn({ wallet, interactive: false });
    });
  }

  function onChainChanged(chainId: unknown) {
    const wallet = watched;
    if (wallet === null || getSession().token === null || isTargetChain(chainId)) return;
    switchToTargetChain(wallet.provider).catch((error: unknown) => {
      deps.toast(deps.message(isUserRejection(error) ? 'wrongChain' : 'walletError'));
    });
  }

  async function run(source: SignInSource): Promise<void> {
    deps.setBusy(true);
    try {
      let wallet = source.wallet ?? null;
      if (wallet === null) {
        const discovery = source.discovery ?? (await discover());
        if (discovery.kind !== 'found') return reportMissing(discovery, source.interactive);
        wallet =
          (source.interactive ? null : remembered(discovery.wallets)) ??
          (discovery.wallets.length === 1 ? discovery.wallets[0]! : await deps.chooseWallet(discovery.wallets));
        if (wallet === null) return;
      }
      if (wallet.info !== null) writeStorage(WALLET_STORAGE_KEY, wallet.info.rdns);
      watch(wallet);
      const { token, account } = await signInWithWallet({
        provider: wallet.provider,
        location: window.location,
        spread: storedSpread(),
        now: () => new Date(),
        getNonce: getLoginNonce,
        login,
      });
      startSession(token, account);
      removeStorage(LOGGED_OUT_STORAGE_KEY);
      closeLoginPrompt();
      await deps.onSignedIn().catch(() => undefined);
      deps.navigate(takeReturnUrl() ?? HOME_PATH);
    } catch (error) {
      reportFailure(error);
    } finally {
      deps.setBusy(false);
    }
  }

  // One sign-in at a time: a second click joins the running one instead of opening a second prompt.
  function signIn(source: SignInSource): Promise<void> {
    flight ??= run(source).finally(() => {
      flight = null;
    });
    return flight;
  }

  async function launch(): Promise<void> {
    if (getSession().token === null) {
      // A deep link opened without a session: sign-in comes back to it, as after a forced logout (spec §4).
      // Saved before the (up to 3 s) wallet discovery, while the address bar still shows what was asked for.
      saveReturnUrl();
      if (readStorage(LOGGED_OUT_STORAGE_KEY) !== null) return;
    }
    const discovery = await discover();
    const { token, account } = getSession();
    if (token === null) {
      if (discovery.kind !== 'found') return reportMissing(discovery, false);
      return signIn({ discovery, interactive: false });
    }
    if (discovery.kind !== 'found') return;
    const wallet = remembered(discovery.wallets);
    if (wallet === null) return;
    watch(wallet);
    const selected = await selectedAccount(wallet.provider).catch(() => null);
    // A locked wallet reports no account: that is not another user, so the token stays.
    if (selected !== null && !sameAccount(selected, account)) {
      await logout({ announce: false });
      await signIn({ wallet, interactive: false });
    }
  }

  return {
    launch,
    signIn: () => signIn({ interactive: true }),
    logout,
  };
}
