import { createContext, useContext } from 'react';

export interface AuthContextValue {
  signingIn: boolean;
  /** A phone browser where discovery found no wallet: the not-logged-in card lists the wallet apps (decision 044). */
  walletAppsOffered: boolean;
  signIn(): Promise<void>;
  /** Pair through WalletConnect, then sign in with it (decision 044). */
  signInWithWalletConnect(): Promise<void>;
  /** Opens phone sign-in (a phone number bound to a wallet account, decision 076). */
  signInWithPhone(): void;
  logout(options: { announce: boolean; explicit?: boolean }): Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (value === null) throw new Error('useAuth needs <AuthProvider>');
  return value;
}
