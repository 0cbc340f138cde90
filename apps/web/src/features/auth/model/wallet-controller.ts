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
import { signInWithWallet } from '../../../lib/wallet/sign-in';
import { LOGGED_OUT_STORAGE_KEY } from './wallet-apps-expected';
import type { WalletConnectConfig, WalletConnectSession } from './walletconnect-provider';

/** The wallet the user picked last time, by EIP-6963 rdns, so a launch does not ask again. */
const WALLET_STORAGE_KEY = 'wallet_rdns';
/**
 * Set while a WalletConnect session signed this device in: the next page load resumes it (payments go through it)
 * and an explicit logout ends it on the relay, even when the provider chunk has not been loaded since.
 */
export const WALLETCONNECT_STORAGE_KEY = 'walletconnect';
/** MetaMask: a connect request is already waiting in the wallet. */
const REQUEST_PENDING = -32002;

export type AuthMessage = 'installWallet' | 'multipleWallets' | 'rejected' | 'walletError' | 'walletPending' | 'wrongChain' | 'loggedOut';

export interface WalletControllerDeps {
  toast(message: string): void;
  message(key: AuthMessage): string;
  /**
   * Shows the wallet picker, with a WalletConnect entry when `walletConnect`; resolves the choice, or null when the
   * user closes it.
   */
  chooseWallet(wallets: Wallet[], walletConnect: boolean): Promise<Wallet | 'walletconnect' | null>;
  /** WalletConnect's settings from GET /api/config; null when the server has no project id (decision 044). */
  walletConnectConfig(): Promise<WalletConnectConfig | null>;
  /** Shows the WalletConnect pairing sheet; resolves the approved session, or null when the user closes it. */
  connectWalletConnect(): Promise<WalletConnectSession | null>;
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
  /** The start-up check found a wallet: withdraw the wallet-app links the card offered in advance (decision 062). */
  walletsFound(): void;
}

interface SignInSource {
  discovery?: Discovery;
  wallet?: Wallet;
  /** The WalletConnect entry of the wallet-app list: pair instead of discovering. */
  walletConnect?: boolean;
  /** A click on Sign in: the picker opens even when a wallet was remembered. */
  interactive: boolean;
}

export interface WalletController {
  /** Start-up check of spec §4: sign in when there is no token, log out when the wallet's account changed. */
  launch(): Promise<void>;
  signIn(): Promise<void>;
  /** Sign-in through WalletConnect, chosen in the wallet-app list of a phone browser without a wallet. */
  signInWithWalletConnect(): Promise<void>;
  /** `explicit`: the user asked for it, so the next launch waits for a tap on Sign in. */
  logout(options: { announce: boolean; explicit?: boolean }): Promise<void>;
}

function loadWalletConnect() {
  return import('./walletconnect-provider');
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
  let walletConnect: WalletConnectSession | null = null;

  const walletConnectOffered = async () => (await deps.walletConnectConfig().catch(() => null)) !== null;

  const adoptWalletConnect = (session: WalletConnectSession): Wallet => {
    writeStorage(WALLETCONNECT_STORAGE_KEY, '1');
    if (walletConnect !== session) {
      walletConnect = session;
      // The wallet ended the session: the token stays (as with a locked wallet), payments need a new pairing.
      session.provider.on?.('disconnect', () => {
        if (walletConnect !== session) return;
        walletConnect = null;
        removeStorage(WALLETCONNECT_STORAGE_KEY);
        if (watched?.provider === session.provider) unwatch();
      });
    }
    // Not an EIP-6963 wallet: nothing to remember by rdns, and the injected wallet picked last time stays remembered.
    return { info: null, provider: session.provider };
  };

  const pairWalletConnect = async (): Promise<Wallet | null> => {
    const session = await deps.connectWalletConnect();
    return session === null ? null : adoptWalletConnect(session);
  };

  /** The session this device recorded, from this page or (through the relay client's store) an earlier one. */
  const recordedWalletConnect = async (): Promise<WalletConnectSession | null> => {
    if (walletConnect !== null) return walletConnect;
    if (readStorage(WALLETCONNECT_STORAGE_KEY) === null) return null;
    const config = await deps.walletConnectConfig().catch(() => null);
    const session =
      config === null
        ? null
        : await loadWalletConnect().then(
            (m) => m.resumeWalletConnect(config),
            () => null,
          );
    if (session === null) removeStorage(WALLETCONNECT_STORAGE_KEY);
    return session;
  };

  const endWalletConnect = async () => {
    const session = await recordedWalletConnect().catch(() => null);
    walletConnect = null;
    removeStorage(WALLETCONNECT_STORAGE_KEY);
    if (session === null) return;
    if (watched?.provider === session.provider) unwatch();
    await session.disconnect().catch(() => undefined);
  };

  const choose = async (wallets: Wallet[]): Promise<Wallet | null> => {
    const picked = await deps.chooseWallet(wallets, await walletConnectOffered());
    return picked === 'walletconnect' ? pairWalletConnect() : picked;
  };

  /** No usable injected wallet: a phone gets the wallet-app links, a desktop the picker with WalletConnect or the toast. */
  const reportMissing = async (discovery: Discovery, interactive: boolean): Promise<Wallet | null> => {
    if (discovery.kind === 'conflict') {
      deps.toast(deps.message('multipleWallets'));
      return null;
    }
    if (deps.offerWalletApps(interactive ? 'sheet' : 'inline')) return null;
    if (interactive && (await walletConnectOffered())) return choose([]);
    deps.toast(deps.message('installWallet'));
    return null;
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
    // The device forgets the session first: its queries stop, and none is sent with a token the server is revoking
    // (each such refusal used to read as a forced logout: 'Your session has ended').
    const { token } = getSession();
    endSession();
    if (token !== null) await logoutRequest(token).catch(() => undefined);
    // The user's own logout also ends a WalletConnect session; a forced one keeps it, so signing in again needs no
    // new pairing.
    if (explicit) await endWalletConnect();
    if (announce) deps.toast(deps.message('loggedOut'));
  };

  function unwatch() {
    watched?.provider.removeListener?.('accountsChanged', onAccountsChanged);
    watched?.provider.removeListener?.('chainChanged', onChainChanged);
    watched = null;
    setActiveProvider(null);
  }

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
      if (wallet === null && source.walletConnect === true) wallet = await pairWalletConnect();
      else if (wallet === null) {
        const discovery = source.discovery ?? (await discover());
        wallet =
          discovery.kind !== 'found'
            ? await reportMissing(discovery, source.interactive)
            : ((source.interactive ? null : remembered(discovery.wallets)) ??
              (discovery.wallets.length === 1 ? discovery.wallets[0]! : await choose(discovery.wallets)));
      }
      if (wallet === null) return;
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
      // Signed in with another wallet: a WalletConnect session left from before would take over at the next load.
      if (walletConnect?.provider !== wallet.provider && readStorage(WALLETCONNECT_STORAGE_KEY) !== null) void endWalletConnect();
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
    if (getSession().token !== null && readStorage(WALLETCONNECT_STORAGE_KEY) !== null) {
      // Signed in through WalletConnect: the session is the wallet, whatever the browser has injected.
      const session = await recordedWalletConnect().catch(() => null);
      if (session !== null) return resumeWallet(adoptWalletConnect(session));
    }
    const discovery = await discover();
    if (discovery.kind !== 'none') deps.walletsFound();
    const { token } = getSession();
    if (token === null) {
      if (discovery.kind !== 'found') {
        await reportMissing(discovery, false);
        return;
      }
      return signIn({ discovery, interactive: false });
    }
    if (discovery.kind !== 'found') return;
    const wallet = remembered(discovery.wallets);
    if (wallet === null) return;
    await resumeWallet(wallet);
  }

  /** A signed-in page load found the wallet it signed with: follow it, and sign in again if its account changed. */
  async function resumeWallet(wallet: Wallet): Promise<void> {
    const { account } = getSession();
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
    signInWithWalletConnect: () => signIn({ walletConnect: true, interactive: true }),
    logout,
  };
}
