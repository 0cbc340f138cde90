import { useTranslation } from 'react-i18next';
import { WalletIcon } from '../../../components/ui/art/icons';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { walletAppLinks } from '../model/wallet-apps';
import './auth.css';

interface WalletAppsSheetProps {
  onClose: () => void;
}

/**
 * A phone browser has no wallet to sign with: each link reopens this very page inside a wallet app's dApp
 * browser (decision 044). The links are built when the sheet opens, so they carry the page the user is on.
 */
export function WalletAppsSheet({ onClose }: WalletAppsSheetProps) {
  const { t } = useTranslation();
  const links = walletAppLinks(window.location.href);
  return (
    <Modal title={t('auth.openInWallet')} onClose={onClose} testId="wallet-apps">
      <p className="modal__text">{t('auth.openInWalletHint')}</p>
      <ul className="wallet-list">
        {links.map((link) => (
          <li key={link.id}>
            <a className="wallet-list__item" href={link.href} rel="noopener noreferrer" data-testid={`wallet-app-${link.id}`}>
              <WalletIcon className="wallet-list__icon" />
              <span>{t('auth.openInApp', { wallet: link.name })}</span>
            </a>
          </li>
        ))}
      </ul>
      <Button variant="ghost" block onClick={onClose}>
        {t('common.cancel')}
      </Button>
    </Modal>
  );
}
