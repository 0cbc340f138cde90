import { useTranslation } from '../../../i18n';
import { WalletIcon } from '../../../components/ui/art/icons';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useAppConfig } from '../../../lib/app-config';
import { useAuth } from './auth-context';
import { WalletConnectIcon } from './walletconnect-icon';
import { walletAppLinks } from '../model/wallet-apps';
import './auth.css';

/**
 * A phone browser has no wallet to sign with: each link reopens this very page inside a wallet app's dApp browser
 * (decision 044). The links are built on render, so they carry the page the user is on.
 */
export function WalletAppList() {
  const { t } = useTranslation();
  const { signInWithWalletConnect } = useAuth();
  const walletConnect = useAppConfig().data?.walletconnect_project_id != null;
  const links = walletAppLinks(window.location.href);
  return (
    <ul className="wallet-list" data-testid="wallet-apps-list">
      {links.map((link) => (
        <li key={link.id}>
          <a className="wallet-list__item" href={link.href} rel="noopener noreferrer" data-testid={`wallet-app-${link.id}`}>
            <WalletIcon className="wallet-list__icon" />
            <span>{t('auth.openInApp', { wallet: link.name })}</span>
          </a>
        </li>
      ))}
      {walletConnect && (
        <li>
          <button type="button" className="wallet-list__item" onClick={() => void signInWithWalletConnect()} data-testid="wallet-app-walletconnect">
            <WalletConnectIcon className="wallet-list__icon" />
            <span>{t('auth.walletConnect')}</span>
          </button>
        </li>
      )}
    </ul>
  );
}

/** The same links as a sheet, after a tap on Sign in. */
export function WalletAppsSheet({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal title={t('auth.openInWallet')} onClose={onClose} testId="wallet-apps" text={t('auth.openInWalletHint')}>
      <WalletAppList />
      <Button variant="ghost" block onClick={onClose}>
        {t('common.cancel')}
      </Button>
    </Modal>
  );
}
