import { useMemo } from 'react';
import { useTranslation } from '../../../../i18n';
import { type BnbCharge } from '@reef/contract';
import { showToast } from '../../../../lib/toast';
import { useBnbCharges } from '../api/list-bnb-charges';
import { ConfirmationsNote, TxHashNote, useFailureText } from '../../shared/components/chain-notes';
import { useNewlyCredited } from '../../shared/hooks/use-newly-credited';
import { uniqueRows } from '../../../../lib/paged-list';
import { PagedList } from '../../../../components/ui/paged-list';
import { EmptyState } from '../../../../components/ui/empty-state';
import { useDateFormat } from '../../../../lib/use-date-format';
import { formatGroupedAmount } from '../../../../lib/amount-format';
import { CardSection } from '../../../../components/ui/card-section';

function BnbChargeRow({ item, dateFormat }: { item: BnbCharge; dateFormat: Intl.DateTimeFormat }) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  return (
    <li className="bill" data-testid="bnb-charge-row" data-status={item.status}>
      <div className="bill__main">
        <span className="bill__kind">{t(`property.bnb.status.${item.status}`)}</span>
        <span className="bill__time">{dateFormat.format(new Date(item.created_at))}</span>
        {item.status === 'pending' && (
          <ConfirmationsNote confirmations={item.confirmations} required={item.required_confirmations} testId="bnb-charge-confirmations" />
        )}
        {item.status === 'failed' && <span className="bill__memo">{t('property.bnb.failedReason', { reason: failureText(item.failure) })}</span>}
        <TxHashNote hash={item.tx_hash} />
      </div>
      <div className="bill__side">
        <span className="bill__amount" data-testid="bnb-charge-amount">
          {item.amount_bnb === null ? '—' : `${formatGroupedAmount(item.amount_bnb)} BNB`}
        </span>
        {item.rusd !== null && <span className="bill__balance" data-testid="bnb-charge-rusd">{`+${formatGroupedAmount(item.rusd)} RUSD`}</span>}
      </div>
    </li>
  );
}

/**
 * The user's BNB charges, asked again every 3 s while one is pending. When one is credited the caller's
 * `onCredited` refreshes the balances and the user hears it.
 */
export function BnbChargeList({ onCredited }: { onCredited: () => void }) {
  const { t } = useTranslation();
  const charges = useBnbCharges();
  const dateFormat = useDateFormat();
  const data = charges.data;
  const list = useMemo(() => (data === undefined ? undefined : uniqueRows(data.pages)), [data]);
  useNewlyCredited(list, (landed) => {
    onCredited();
    showToast(t('property.bnb.credited', { amount: formatGroupedAmount(landed[0]!.rusd ?? '0') }));
  });

  return (
    <CardSection title={t('property.bnb.history')}>
      <PagedList
        query={charges}
        list={list}
        renderRow={(item) => <BnbChargeRow item={item} dateFormat={dateFormat} />}
        empty={<EmptyState title={t('property.bnb.empty.title')} text={t('property.bnb.empty.text')} testId="bnb-charges-empty" />}
        testId="bnb-charges-load-more"
      />
    </CardSection>
  );
}
