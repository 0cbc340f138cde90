import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation, withFullCatalogue } from '../../../i18n';
import { useNavigate } from 'react-router-dom';
import { appConfigQueryOptions } from '../../../lib/app-config';
import { useSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import type { Wallet } from '../../../lib/wallet';
import { isMobileUserAgent } from '../model/mobile-user-agent';
import { expectsWalletApps } from '../model/wallet-apps-expected';
import type { WalletController } from '../model/wallet-controller';
import type { WalletConnectSession } from '../model/walletconnect-provider';
import { AuthContext, type AuthContextValue } from './auth-context';

// The wallet code (EIP-6963 discovery, SIWE, chain checks) and the picker are their own chunk, fetched right after
// the first paint by the start-up check (or by a click on Sign in, whichever comes first): Home draws without them
// (decision 039).
const loadWalletController = () => import('../model/wallet-controller');
// The prompt after a forced logout is rare: its sheet loads when it opens, not with the first screen (decision 111).
const LoginPrompt = lazy(withFullCatalogue(() => import('./login-prompt').then((m) => ({ default: m.LoginPrompt }))));
const WalletPicker = lazy(withFullCatalogue(() => import('./wallet-picker').then((m) => ({ default: m.WalletPicker }))));
const WalletAppsSheet = lazy(withFullCatalogue(() => import('./wallet-apps-sheet').then((m) => ({ default: m.WalletAppsSheet }))));
// The pairing sheet; the WalletConnect library itself is a further chunk the sheet fetches when it opens.
// Phone sign-in (decision 076): its sheet and strings load when it is opened.
const PhoneSignInSheet = lazy(withFullCatalogue(() => import('./phone-sign-in-sheet').then((m) => ({ default: m.PhoneSignInSheet }))));
const WalletConnectSheet = lazy(withFullCatalogue(() => import('./walletconnect-sheet').then((m) => ({ default: m.WalletConnectSheet }))));

interface AuthProviderProps {
  children: ReactNode;
  /** Runs once the token is stored, before the app navigates on. */
  onSignedIn: () => Promise<unknown>;
}

interface PendingChoice {
  wallets: Wallet[];
  walletConnect: boolean;
  resolve: (wallet: Wallet | 'walletconnect' | null) => void;
}

// The start-up check runs once per page load, not once per mount (StrictMode mounts twice).
let launched = false;

function afterLoad(run: () => void): void {
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}

/** Owns the wallet session: start-up check, sign-in, wallet events, logout, picker and login prompt. */
export function AuthProvider({ children, onSignedIn }: AuthProviderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { loginPromptOpen } = useSession();
  const [signingIn, setSigningIn] = useState(false);
  const [choice, setChoice] = useState<PendingChoice | null>(null);
  const [walletApps, setWalletApps] = useState(false);
  const [walletAppsOffered, setWalletAppsOffered] = useState(expectsWalletApps);
  const [phoneSheet, setPhoneSheet] = useState(false);
  const [pairing, setPairing] = useState<((session: WalletConnectSession | null) => void) | null>(null);
  const queryClient = useQueryClient();
  const latest = useRef({ t, navigate, onSignedIn });
  useLayoutEffect(() => {
    latest.current = { t, navigate, onSignedIn };
  });

  const [controller] = useState(() => {
    let loading: Promise<WalletController> | null = null;
    // One controller per provider, created when its chunk arrives; a failed fetch is tried again on the next use.
    const load = (): Promise<WalletController> =>
      (loading ??= loadWalletController().then(
        ({ createWalletController }) =>
          createWalletController({
            toast: (message) => showToast(message),
            message: (key) => latest.current.t(`auth.${key}`),
            chooseWallet: (wallets, walletConnect) => new Promise((resolve) => setChoice({ wallets, walletConnect, resolve })),
            walletConnectConfig: async () => {
              const config = await queryClient.fetchQuery(appConfigQueryOptions());
              const projectId = config.walletconnect_project_id;
              return projectId === null ? null : { projectId, relayUrl: config.walletconnect_relay_url };
            },
            // A function in state is called as an updater: wrap the resolver.
            connectWalletConnect: () => new Promise((resolve) => setPairing(() => resolve)),
            onSignedIn: () => latest.current.onSignedIn(),
            navigate: (path) => latest.current.navigate(path),
            setBusy: setSigningIn,
            offerWalletApps: (how) => {
              if (!isMobileUserAgent(navigator.userAgent)) return false;
              setWalletAppsOffered(true);
              if (how === 'sheet') setWalletApps(true);
              return true;
            },
            walletsFound: () => setWalletAppsOffered(false),
          }),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      ));
    // The controller's own calls never reject; only the chunk can fail, and then the user hears it like any wallet failure.
    const unavailable = () => showToast(latest.current.t('auth.walletError'));
    return {
      launch: () => load().then((c) => c.launch(), unavailable),
      signIn: () => load().then((c) => c.signIn(), unavailable),
      signInWithWalletConnect: () => load().then((c) => c.signInWithWalletConnect(), unavailable),
      logout: (options: { announce: boolean; explicit?: boolean }) => load().then((c) => c.logout(options), unavailable),
    };
  });

  useEffect(() => {
    if (launched) return;
    launched = true;
    // After the page's own load: the check waits for wallets to announce themselves anyway, and its chunk then
    // does not compete with Home's first paint.
    afterLoad(() => void controller.launch());
  }, [controller]);

  const value = useMemo<AuthContextValue>(
    () => ({
      signingIn,
      walletAppsOffered,
      signIn: controller.signIn,
      signInWithWalletConnect: () => {
        setWalletApps(false);
        return controller.signInWithWalletConnect();
      },
      signInWithPhone: () => setPhoneSheet(true),
      logout: controller.logout,
    }),
    [signingIn, walletAppsOffered, controller],
  );

  const closeWalletApps = useCallback(() => setWalletApps(false), []);
  const closePhoneSheet = useCallback(() => setPhoneSheet(false), []);
  const phoneSignedIn = useCallback(() => latest.current.onSignedIn(), []);
  const settlePairing = useCallback(
    (session: WalletConnectSession | null) => {
      pairing?.(session);
      setPairing(null);
    },
    [pairing],
  );
  const cancelPairing = useCallback(() => settlePairing(null), [settlePairing]);

  const settleChoice = (wallet: Wallet | 'walletconnect' | null) => {
    choice?.resolve(wallet);
    setChoice(null);
  };

  return (
    <AuthContext.Provider value={value}>
      {children}
      {loginPromptOpen && (
        <Suspense fallback={null}>
          <LoginPrompt />
        </Suspense>
      )}
      {choice && (
        <Suspense fallback={null}>
          <WalletPicker wallets={choice.wallets} walletConnect={choice.walletConnect} onChoose={settleChoice} />
        </Suspense>
      )}
      {walletApps && (
        <Suspense fallback={null}>
          <WalletAppsSheet onClose={closeWalletApps} />
        </Suspense>
      )}
      {phoneSheet && (
        <Suspense fallback={null}>
          <PhoneSignInSheet onClose={closePhoneSheet} onSignedIn={phoneSignedIn} />
        </Suspense>
      )}
      {pairing && (
        <Suspense fallback={null}>
          <WalletConnectSheet onConnected={settlePairing} onCancel={cancelPairing} />
        </Suspense>
      )}
    </AuthContext.Provider>
  );
}
