import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { showToast } from '../../../lib/toast';
import type { Wallet } from '../../../lib/wallet';
import { isMobileUserAgent } from '../model/wallet-apps';
import { createWalletController } from '../model/wallet-controller';
import { AuthContext, type AuthContextValue } from './auth-context';
import { LoginPrompt } from './login-prompt';
import { WalletAppsSheet } from './wallet-apps-sheet';
import { WalletPicker } from './wallet-picker';

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

  const [controller] = useState(() =>
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
  );

  useEffect(() => {
    if (launched) return;
    launched = true;
    void controller.launch();
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
      {choice && <WalletPicker wallets={choice.wallets} onChoose={settleChoice} />}
      {walletApps && <WalletAppsSheet onClose={closeWalletApps} />}
    </AuthContext.Provider>
  );
}
