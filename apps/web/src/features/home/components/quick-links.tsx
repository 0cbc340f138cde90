import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BillIcon, DepositIcon, ExchangeIcon, GiftIcon, TransferIcon, WalletIcon, WithdrawIcon } from '../../../components/ui/art/icons';
import { pagePath, type PageId } from '../../../lib/pages';

const LINKS: { page: PageId; Icon: ComponentType<{ className?: string }>; testId: string }[] = [
  { page: 'index/property', Icon: WalletIcon, testId: 'quick-holdings' },
  { page: 'property/transfer', Icon: TransferIcon, testId: 'quick-transfer' },
  { page: 'property/propDetails', Icon: BillIcon, testId: 'quick-bills' },
  { page: 'property/recharge', Icon: DepositIcon, testId: 'quick-recharge' },
  { page: 'property/withdrawal', Icon: WithdrawIcon, testId: 'quick-withdrawal' },
  { page: 'property/exchange', Icon: ExchangeIcon, testId: 'quick-exchange' },
  { page: 'index/airDrop', Icon: GiftIcon, testId: 'quick-airdrop' },
  { page: 'index/income', Icon: BillIcon, testId: 'quick-income' },
  { page: 'property/single', Icon: WalletIcon, testId: 'quick-charge' },
];

export function QuickLinks() {
  const { t } = useTranslation();
  return (
    <nav className="card quick-links" aria-label={t('home.quickLinks')}>
      <ul className="quick-links__grid">
        {LINKS.map(({ page, Icon, testId }) => (
          <li key={page}>
            <Link to={pagePath(page)} className="quick-link" data-testid={testId}>
              <span className="quick-link__icon">
                <Icon />
              </span>
              <span className="quick-link__label">{t(`titles.${page}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
