import type { ComponentType } from 'react';
import { useTranslation } from '../../../../i18n';
import { Link } from 'react-router-dom';
import './holdings.css';

export interface FundAction {
  key: string;
  to: string;
  Icon: ComponentType<{ className?: string }>;
  label: string;
  testId: string;
}

/** The row of ways to move funds, as on the funds page (property/index) and an asset's page (index/details). */
export function FundActions({ actions }: { actions: readonly FundAction[] }) {
  const { t } = useTranslation();
  return (
    <nav className="card fund-actions" aria-label={t('funds.actions')}>
      <ul className="fund-actions__grid">
        {actions.map(({ key, to, Icon, label, testId }) => (
          <li key={key}>
            <Link to={to} className="quick-link" data-testid={testId}>
              <span className="quick-link__icon">
                <Icon />
              </span>
              <span className="quick-link__label">{label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Four placeholder rows while the balances load. */
export function FundListSkeleton() {
  return (
    <ul className="fund-list" aria-hidden="true">
      {[0, 1, 2, 3].map((i) => (
        <li key={i} className="fund-row">
          <span className="skeleton skeleton--short" />
        </li>
      ))}
    </ul>
  );
}
