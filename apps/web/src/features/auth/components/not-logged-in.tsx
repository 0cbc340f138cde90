import { lazy, Suspense } from 'react';
import { useTranslation, withFullCatalogue } from '../../../i18n';
import { WalletIcon } from '../../../components/ui/art/icons';
import { Button } from '../../../components/ui/button';
import { useGuardedSubmit } from '../../../lib/submit-guard';
import { useAuth } from './auth-context';
import './auth.css';

// The wallet-app links show only on a phone without a wallet: their builders load then, not with every page.
const WalletAppList = lazy(withFullCatalogue(() => import('./wallet-apps-sheet').then((m) => ({ default: m.WalletAppList }))));

/** The visitor's prompt on pages that need a user (spec §6). */
export function NotLoggedIn() {
  const { t } = useTranslation();
  const { signIn, signingIn, walletAppsOffered } = useAuth();
  const onSignIn = useGuardedSubmit(signIn);
  return (
    <section className="card not-logged-in" data-testid="not-logged-in">
      <span className="not-logged-in__icon">
        <WalletIcon />
      </span>
      <h2 className="not-logged-in__title">{t('auth.notLoggedIn')}</h2>
      <p className="not-logged-in__text">{walletAppsOffered ? t('auth.openInWalletHint') : t('auth.notLoggedInHint')}</p>
      {walletAppsOffered && (
        <Suspense fallback={null}>
          <WalletAppList />
        </Suspense>
      )}
      <Button variant="primary" block busy={signingIn} onClick={onSignIn} data-testid="sign-in">
        {signingIn ? t('auth.signingIn') : t('auth.signIn')}
      </Button>
    </section>
  );
}
