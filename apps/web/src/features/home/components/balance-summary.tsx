import type { ComponentType } from 'react';
import { useTranslation } from '../../../i18n';
import { Link } from 'react-router-dom';
import { DepositIcon, ExchangeIcon, TransferIcon, WithdrawIcon } from '../../../components/ui/art/icons';
import { ErrorState } from '../../../components/ui/error-state';
import { HideBalancesButton } from '../../../components/ui/hide-balances-button';
import { formatGroupedAmount } from '../../../lib/amount-format';
import { HIDDEN_AMOUNT, useBalancesHidden } from '../../../lib/hidden-balances';
import { pagePath, type PageId } from '../../../lib/pages';
import { PriceFigure } from '../../../components/ui/price-figure';

type ActionKind = 'recharge' | 'withdraw' | 'transfer' | 'exchange';

/** The four money actions, right under the total; labelled with the one name each action has (`details.actions`). */
const ACTIONS: { kind: ActionKind; page: PageId; Icon: ComponentType<{ className?: string }>; testId: string }[] = [
  { kind: 'recharge', page: 'property/recharge', Icon: DepositIcon, testId: 'quick-recharge' },
  { kind: 'withdraw', page: 'property/withdrawal', Icon: WithdrawIcon, testId: 'quick-withdrawal' },
  { kind: 'transfer', page: 'property/transfer', Icon: TransferIcon, testId: 'quick-transfer' },
  { kind: 'exchange', page: 'property/exchange', Icon: ExchangeIcon, testId: 'quick-exchange' },
];

interface BalanceSummaryProps {
  /** The total in USDT, 8 places, as the balances page computes it; undefined while it loads. */
  total: string | undefined;
  /** The symbol the total is in (USDT). */
  unit: string;
  failed: boolean;
  onRetry: () => void;
}

/** Home's first card for a signed-in user: the total balance in USDT with the hide eye, and the money actions. */
export function BalanceSummary({ total, unit, failed, onRetry }: BalanceSummaryProps) {
  const { t } = useTranslation();
  const hidden = useBalancesHidden();
  return (
    <section className="card balance-summary" aria-labelledby="balance-summary-title">
      <header className="balance-summary__head">
        <h2 id="balance-summary-title" className="balance-summary__label">
          {t('home.totalBalance', { symbol: unit })}
        </h2>
        <HideBalancesButton />
      </header>
      {failed ? (
        <ErrorState className="inline-error" onRetry={onRetry} />
      ) : (
        <div className="balance-summary__figure">
          <PriceFigure
            value={total === undefined ? undefined : hidden ? HIDDEN_AMOUNT : formatGroupedAmount(total)}
            unit={unit}
            large
            tabular
            testId="home-total"
          />
        </div>
      )}
      <ul className="balance-summary__actions">
        {ACTIONS.map(({ kind, page, Icon, testId }) => (
          <li key={kind}>
            <Link to={pagePath(page)} className="quick-link" data-testid={testId}>
              <span className="quick-link__icon">
                <Icon />
              </span>
              <span className="quick-link__label">{t(`details.actions.${kind}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
