import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation, withFullCatalogue } from '../../../i18n';
import { useNavigate } from 'react-router-dom';
import { showToast } from '../../../lib/toast';
import type { Wallet } from '../../../lib/wallet';
import { isMobileUserAgent } from '../model/mobile-user-agent';
import type { WalletController } from '../model/wallet-controller';
import { AuthContext, type AuthContextValue } from './auth-context';
import { LoginPrompt } from './login-prompt';

// The wallet code (EIP-6963 discovery, SIWE, chain checks) and the picker are their own chunk, fetched right after
// the first paint by the start-up check (or by a click on Sign in, whichever comes first): Home draws without them
// (decision 039).
const loadWalletController = () => import('../model/wallet-controller');
const WalletPicker = lazy(withFullCatalogue(() => import('./wallet-picker').then((m) => ({ default: m.WalletPicker }))));
const WalletAppsSheet = lazy(withFullCatalogue(() => import('./wallet-apps-sheet').then((m) => ({ default: m.WalletAppsSheet }))));

interface AuthProviderProps {
  children: ReactNode;
  /** Runs once the token is stored, before the app navigates on. */
  onSignedIn: () => Promise<unknown>;
}

interface PendingChoice {
  wallets: Wallet[];
  resolve: (wallet: Wallet | null) => void;
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
  const [signingIn, setSigningIn] = useState(false);
  const [choice, setChoice] = useState<PendingChoice | null>(null);
  const [walletApps, setWalletApps] = useState(false);
  const [walletAppsOffered, setWalletAppsOffered] = useState(false);
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
            chooseWallet: (wallets) => new Promise((resolve) => setChoice({ wallets, resolve })),
            onSignedIn: () => latest.current.onSignedIn(),
            navigate: (path) => latest.current.navigate(path),
            setBusy: setSigningIn,
            offerWalletApps: (how) => {
              if (!isMobileUserAgent(navigator.userAgent)) return false;
              setWalletAppsOffered(true);
              if (how === 'sheet') setWalletApps(true);
              return true;
            },
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
    () => ({ signingIn, walletAppsOffered, signIn: controller.signIn, logout: controller.logout }),
    [signingIn, walletAppsOffered, controller],
  );

  const closeWalletApps = useCallback(() => setWalletApps(false), []);

  const settleChoice = (wallet: Wallet | null) => {
    choice?.resolve(wallet);
    setChoice(null);
  };

  return (
    <AuthContext.Provider value={value}>
      {children}
      <LoginPrompt />
      {choice && (
        <Suspense fallback={null}>
          <WalletPicker wallets={choice.wallets} onChoose={settleChoice} />
        </Suspense>
      )}
      {walletApps && (
        <Suspense fallback={null}>
          <WalletAppsSheet onClose={closeWalletApps} />
        </Suspense>
      )}
    </AuthContext.Provider>
  );
}
