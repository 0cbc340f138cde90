/**
 * The console's sign-in: the mobile app's EIP-4361 flow (`features/auth/model/sign-in.ts`, the same wallet code),
 * then `GET /api/admin/me`, which refuses anyone without a console role.
 */
import { useState } from 'react';
import { authApi } from '@reef/contract';
import { signInWithWallet } from '../lib/wallet/sign-in';
import { discoverWallets } from '../lib/wallet';
import { call } from './api';
import { LanguageSelect } from './components/language-select';
import { useT } from './i18n';
import { setConsoleToken } from './session';

export function SignIn({ refused }: { refused: boolean }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const signIn = async () => {
    setBusy(true);
    setError(null);
    try {
      const found = await discoverWallets({ target: window, legacy: () => (window as { ethereum?: unknown }).ethereum, timeoutMs: 1_500 });
      if (found.kind !== 'found') throw new Error(t('signIn.noWallet'));
      const { token } = await signInWithWallet({
        provider: found.wallets[0]!.provider,
        location: window.location,
        spread: null,
        now: () => new Date(),
        getNonce: () => call(authApi.loginNonce),
        login: (body) => call(authApi.login, { body }),
      });
      setConsoleToken(token);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="sign-in">
      <h1>{t('signIn.title')}</h1>
      <p>{t('signIn.lead')}</p>
      {refused && (
        <p className="state state--failed" role="alert" data-testid="console-refused">
          {t('signIn.notOperator')}
        </p>
      )}
      {error && (
        <p className="state state--failed" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void signIn()}>
        {t('signIn.button')}
      </button>
      <LanguageSelect className="sign-in__language" />
    </main>
  );
}
