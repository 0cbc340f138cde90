import { useMemo } from 'react';
import { useTranslation } from '../../../../i18n';
import { Link } from 'react-router-dom';
import { type Withdrawal } from '@reef/contract';
import { useWithdrawals } from '../api/list-withdrawals';
import { uniqueRows } from '../../../../lib/paged-list';
import { useAssetSymbol } from '../../shared/components/asset-toggle';
import { PagedList } from '../../../../components/ui/paged-list';
import { EmptyState, type EmptyAction } from '../../../../components/ui/empty-state';
import { useDateFormat } from '../../../../lib/use-date-format';
import { formatGroupedAmount } from '../../../../lib/amount-format';
import { pagePath } from '../../../../lib/pages';
import { maskHash } from '../../shared/model/chain-display';
import { CardSection } from '../../../../components/ui/card-section';
import './withdrawal.css';

/** The detail route of one withdrawal (registered by the app under the withdrawal page). */
export function withdrawalDetailPath(id: number): string {
  return `${pagePath('property/withdrawal')}/${id}`;
}

function WithdrawalRow({ item, dateFormat }: { item: Withdrawal; dateFormat: Intl.DateTimeFormat }) {
  const { t } = useTranslation();
  const symbol = useAssetSymbol()(item.asset);
  return (
    <li className="bill bill--link" data-testid="withdrawal-row" data-status={item.status}>
      <Link className="bill__link" to={withdrawalDetailPath(item.id)}>
        <div className="bill__main">
          <span className="bill__kind">{t(`withdraw.status.${item.status}`)}</span>
          <span className="bill__time">{dateFormat.format(new Date(item.created_at))}</span>
          {item.status === 'approved' && item.tx_hash && (
            <span className="bill__memo" data-testid="withdrawal-tx-hash" title={item.tx_hash}>
              {maskHash(item.tx_hash)}
            </span>
          )}
          {item.status === 'paying' && <span className="bill__memo">{t('property.payingNote')}</span>}
          {item.status === 'rejected' && (
            <span className="bill__memo" data-testid="withdrawal-reason">
              {t('withdraw.failedReason', { reason: item.reason ?? '' })}
            </span>
          )}
        </div>
        <div className="bill__side">
          <span className="bill__amount figure">{`${formatGroupedAmount(item.amount)} ${symbol}`}</span>
          <span className="bill__balance">{t('withdraw.feeShort', { fee: formatGroupedAmount(item.fee) })}</span>
        </div>
        <span className="bill__chevron" aria-hidden="true">
          ›
        </span>
      </Link>
    </li>
  );
}

/** The user's withdrawals with their review state. */
/** `emptyAction`: the way to withdraw, where the list stands apart from the withdrawal form (user/record). */
export function WithdrawalList({ emptyAction }: { emptyAction?: EmptyAction } = {}) {
  const { t } = useTranslation();
  const withdrawals = useWithdrawals();
  const dateFormat = useDateFormat();
  const data = withdrawals.data;
  const list = useMemo(() => (data === undefined ? undefined : uniqueRows(data.pages)), [data]);
  return (
    <CardSection title={t('withdraw.history')}>
      <PagedList
        query={withdrawals}
        list={list}
        renderRow={(item) => <WithdrawalRow item={item} dateFormat={dateFormat} />}
        empty={
          <EmptyState
            title={t('records.emptyState.withdrawals.title')}
            text={t('records.emptyState.withdrawals.text')}
            action={emptyAction}
            testId="withdrawals-empty"
          />
        }
        testId="withdrawals-load-more"
      />
    </CardSection>
  );
}
