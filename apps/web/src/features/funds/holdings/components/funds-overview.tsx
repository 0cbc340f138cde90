import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatAmount, type AssetKey, type UserInfo } from '@reef/contract';
import { ErrorState } from '../../../../components/ui/error-state';
import { BillIcon, DepositIcon, ExchangeIcon, TransferIcon, WithdrawIcon } from '../../../../components/ui/art/icons';
import { pagePath, type PageId } from '../../../../lib/pages';
import { FundActions, FundListSkeleton } from './fund-actions';
import './holdings.css';

const ACTIONS: { page: PageId; Icon: ComponentType<{ className?: string }>; testId: string }[] = [
  { page: 'property/recharge', Icon: DepositIcon, testId: 'funds-recharge' },
  { page: 'property/withdrawal', Icon: WithdrawIcon, testId: 'funds-withdraw' },
  { page: 'property/transfer', Icon: TransferIcon, testId: 'funds-transfer' },
  { page: 'property/exchange', Icon: ExchangeIcon, testId: 'funds-exchange' },
  { page: 'property/propDetails', Icon: BillIcon, testId: 'funds-bills' },
];

/** The assets the flash exchange trades, and the `?from=` that opens it selling each. */
const EXCHANGEABLE: Partial<Record<AssetKey, string>> = { usdt: '', coin: '?from=coin' };

interface FundsOverviewProps {
  balances: UserInfo['balances'] | undefined;
  failed: boolean;
  onRetry: () => void;
}

/** pages/property/index: every balance, with the ways to move it (spec §2 Property). */
export function FundsOverview({ balances, failed, onRetry }: FundsOverviewProps) {
  const { t } = useTranslation();
  return (
    <>
      <FundActions actions={ACTIONS.map(({ page, Icon, testId }) => ({ key: page, to: pagePath(page), Icon, label: t(`titles.${page}`), testId }))} />

      <section className="card" aria-labelledby="funds-balances-title">
        <h2 id="funds-balances-title" className="card__title">
          {t('funds.balances')}
        </h2>
        {failed ? (
          <ErrorState className="inline-error" onRetry={onRetry} />
        ) : balances === undefined ? (
          <FundListSkeleton />
        ) : (
          <ul className="fund-list">
            {balances.map((balance) => {
              const exchange = EXCHANGEABLE[balance.key];
              return (
                <li key={balance.key} className={`fund-row balance--${balance.key}`}>
                  <span className="fund-row__symbol">{balance.symbol}</span>
                  <span className="fund-row__amount" data-testid={`funds-balance-${balance.key}`}>
                    {formatAmount(balance.amount)}
                  </span>
                  <span className="fund-row__links">
                    {exchange !== undefined && (
                      <Link className="chip-button" to={`${pagePath('property/exchange')}${exchange}`} data-testid={`funds-exchange-${balance.key}`}>
                        {t('funds.exchange')}
                      </Link>
                    )}
                    <Link className="chip-button" to={`${pagePath('index/details')}?asset=${balance.key}`} data-testid={`funds-details-${balance.key}`}>
                      {t('property.holdings.details')}
                    </Link>
                    <Link className="chip-button" to={`${pagePath('property/propDetails')}?type=${balance.key}`} data-testid={`funds-bills-${balance.key}`}>
                      {t('funds.bills')}
                    </Link>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}
