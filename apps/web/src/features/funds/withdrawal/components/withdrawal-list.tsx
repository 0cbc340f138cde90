import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Withdrawal } from '@reef/contract';
import { useWithdrawals } from '../api/list-withdrawals';
import { uniqueRows } from '../../../../lib/paged-list';
import { useAssetSymbol } from '../../shared/components/asset-toggle';
import { PagedList } from '../../../../components/ui/paged-list';
import { useDateFormat } from '../../../../lib/use-date-format';
import { formatGroupedAmount } from '../../../../lib/amount-format';

function WithdrawalRow({ item, dateFormat }: { item: Withdrawal; dateFormat: Intl.DateTimeFormat }) {
  const { t } = useTranslation();
  const symbol = useAssetSymbol()(item.asset);
  return (
    <li className="bill" data-testid="withdrawal-row" data-status={item.status}>
      <div className="bill__main">
        <span className="bill__kind">{t(`withdraw.status.${item.status}`)}</span>
        <span className="bill__time">{dateFormat.format(new Date(item.created_at))}</span>
        {item.status === 'approved' && item.tx_hash && (
          <span className="bill__memo" data-testid="withdrawal-tx-hash" title={item.tx_hash}>
            {item.tx_hash}
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
        <span className="bill__amount">{`${formatGroupedAmount(item.amount)} ${symbol}`}</span>
        <span className="bill__balance">{t('withdraw.feeShort', { fee: formatGroupedAmount(item.fee) })}</span>
      </div>
    </li>
  );
}

/** The user's withdrawals with their review state. */
export function WithdrawalList() {
  const { t } = useTranslation();
  const withdrawals = useWithdrawals();
  const dateFormat = useDateFormat();
  const data = withdrawals.data;
  const list = useMemo(() => (data === undefined ? undefined : uniqueRows(data.pages)), [data]);
  return (
    <section className="card" aria-labelledby="withdrawals-title">
      <h2 id="withdrawals-title" className="card__title">
        {t('withdraw.history')}
      </h2>
      <PagedList query={withdrawals} list={list} renderRow={(item) => <WithdrawalRow item={item} dateFormat={dateFormat} />} testId="withdrawals-load-more" />
    </section>
  );
}
