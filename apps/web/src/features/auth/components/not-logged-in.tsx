import { lazy, Suspense } from 'react';
import { useTranslation } from '../../../i18n';
import { WalletIcon } from '../../../components/ui/art/icons';
import { useAppConfig } from '../../../lib/app-config';
import { WALLET_APP_COUNT } from '../model/wallet-apps-expected';
import { useAuth } from './auth-context';
import './auth.css';
import { SignInButtons } from './sign-in-buttons';

// The wallet-app links show only on a phone without a wallet: their builders load then, not with every page. Their
// strings are in the first-screen part of the catalogue (the auth section), so the list does not wait for the rest of it.
const WalletAppList = lazy(() => import('./wallet-apps-sheet').then((m) => ({ default: m.WalletAppList })));

/** The list's rows without their text while its code arrives: the card has its final height from the first paint. */
function WalletAppListPlaceholder() {
  const walletConnect = useAppConfig().data?.walletconnect_project_id != null;
  return (
    <ul className="wallet-list" aria-hidden="true">
      {Array.from({ length: WALLET_APP_COUNT + (walletConnect ? 1 : 0) }, (_, row) => (
        <li key={row}>
          <span className="wallet-list__item">
            <span className="wallet-list__icon" />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The visitor's prompt on pages that need a user (spec §6). */
export function NotLoggedIn() {
  const { t } = useTranslation();
  const { walletAppsOffered } = useAuth();
  return (
    <section className="card not-logged-in" data-testid="not-logged-in">
      <span className="not-logged-in__icon">
        <WalletIcon />
      </span>
      <h2 className="not-logged-in__title">{t('auth.notLoggedIn')}</h2>
      <p className="not-logged-in__text">{walletAppsOffered ? t('auth.openInWalletHint') : t('auth.notLoggedInHint')}</p>
      {walletAppsOffered && (
        <Suspense fallback={<WalletAppListPlaceholder />}>
          <WalletAppList />
        </Suspense>
      )}
      <SignInButtons place="page" />
    </section>
  );
}
