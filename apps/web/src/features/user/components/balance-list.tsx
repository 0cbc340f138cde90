import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n';
import { AssetIcon } from '../../../components/ui/asset-icon';
import { ErrorState } from '../../../components/ui/error-state';
import { formatGroupedAmount } from '../../../lib/amount-format';
import { HIDDEN_AMOUNT, useBalancesHidden } from '../../../lib/hidden-balances';
import { useUserInfo } from '../api/get-user-info';
import { CardSection } from '../../../components/ui/card-section';

/**
 * The signed-in user's balances, 4 decimals, truncated (spec §1), each with its asset's badge; masked while the user
 * hides balances. `action` sits in the header (a link the page adds).
 */
export function BalanceList({ action }: { action?: ReactNode }) {
  const { t } = useTranslation();
  const user = useUserInfo();
  const hidden = useBalancesHidden();

  return (
    <CardSection title={t('home.balances')} action={action ?? null} className="balances" busy={user.isFetching}>
      {user.isError ? (
        <ErrorState className="inline-error" onRetry={user.refetch} />
      ) : user.data === undefined ? (
        <ul className="balances__grid" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <li key={i} className="balance balance--placeholder">
              <span className="skeleton skeleton--short" />
              <span className="skeleton" />
            </li>
          ))}
        </ul>
      ) : user.data.balances.length === 0 ? (
        <p className="muted">{t('common.empty')}</p>
      ) : (
        <ul className="balances__grid">
          {user.data.balances.map((balance) => (
            <li key={balance.key} className={`balance balance--${balance.key}`}>
              <span className="balance__symbol">
                <AssetIcon asset={balance.key} />
                {balance.symbol}
              </span>
              <span className="balance__amount figure" data-testid={`balance-${balance.key}`}>
                {hidden ? HIDDEN_AMOUNT : formatGroupedAmount(balance.amount)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </CardSection>
  );
}
