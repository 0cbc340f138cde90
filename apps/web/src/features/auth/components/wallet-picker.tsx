import { useCallback } from 'react';
import { useTranslation } from '../../../i18n';
import { Button } from '../../../components/ui/button';
import { WalletIcon } from '../../../components/ui/art/icons';
import { Modal } from '../../../components/ui/modal';
import type { Wallet } from '../../../lib/wallet';
import { WalletConnectIcon } from './walletconnect-icon';
import './auth.css';

interface WalletPickerProps {
  wallets: Wallet[];
  /** Offer WalletConnect too (the server has a project id, decision 044). */
  walletConnect: boolean;
  onChoose: (wallet: Wallet | 'walletconnect' | null) => void;
}

/**
 * EIP-6963 lets several wallets announce themselves: the user picks one instead of a failure. With a WalletConnect
 * project id the list ends with WalletConnect, and a desktop browser without any wallet gets the list with only it.
 */
export function WalletPicker({ wallets, walletConnect, onChoose }: WalletPickerProps) {
  const { t } = useTranslation();
  const cancel = useCallback(() => onChoose(null), [onChoose]);
  return (
    <Modal
      title={t('auth.chooseWallet')}
      onClose={cancel}
      testId="wallet-picker"
      text={wallets.length === 0 ? t('auth.walletConnectOnlyHint') : t('auth.chooseWalletHint')}
    >
      <ul className="wallet-list">
        {wallets.map((wallet, index) => {
          const name = wallet.info?.name || t('auth.browserWallet');
          const icon = wallet.info?.icon;
          return (
            <li key={wallet.info?.uuid ?? index}>
              <button type="button" className="wallet-list__item" onClick={() => onChoose(wallet)} data-testid="wallet-option">
                {icon && icon.startsWith('data:image/') ? (
                  <img className="wallet-list__icon" src={icon} alt="" width={32} height={32} />
                ) : (
                  <WalletIcon className="wallet-list__icon" />
                )}
                <span>{name}</span>
              </button>
            </li>
          );
        })}
        {walletConnect && (
          <li>
            <button type="button" className="wallet-list__item" onClick={() => onChoose('walletconnect')} data-testid="wallet-option-walletconnect">
              <WalletConnectIcon className="wallet-list__icon" />
              <span>{t('auth.walletConnect')}</span>
            </button>
          </li>
        )}
      </ul>
      <Button variant="ghost" block onClick={cancel}>
        {t('common.cancel')}
      </Button>
    </Modal>
  );
}
