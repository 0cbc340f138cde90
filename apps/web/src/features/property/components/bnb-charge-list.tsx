import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, type BnbCharge } from '@reef/contract';
import { showToast } from '../../../lib/toast';
import { useBnbCharges } from '../api/list-bnb-charges';
import { chainFailure } from '../model/failure-reason';
import { uniqueRows } from '../model/paged-list';
import { PagedList } from './load-more';
import { useDateFormat } from './use-date-format';

function BnbChargeRow({ item, dateFormat }: { item: BnbCharge; dateFormat: Intl.DateTimeFormat }) {
  const { t } = useTranslation();
  const failureText = (code: string | null) => {
    const known = chainFailure(code);
    return known === null ? t('errors.generic') : t(`property.failures.${known}`);
  };
  return (
    <li className="bill" data-testid="bnb-charge-row" data-status={item.status}>
      <div className="bill__main">
        <span className="bill__kind">{t(`property.bnb.status.${item.status}`)}</span>
        <span className="bill__time">{dateFormat.format(new Date(item.created_at))}</span>
        {item.status === 'pending' && (
          <span className="bill__memo" data-testid="bnb-charge-confirmations">
            {t('recharge.confirmations', { count: Math.min(item.confirmations, item.required_confirmations), required: item.required_confirmations })}
          </span>
        )}
        {item.status === 'failed' && <span className="bill__memo">{t('property.bnb.failedReason', { reason: failureText(item.failure) })}</span>}
        <span className="bill__memo" title={item.tx_hash}>
          {`${item.tx_hash.slice(0, 10)}…${item.tx_hash.slice(-8)}`}
        </span>
      </div>
      <div className="bill__side">
        <span className="bill__amount" data-testid="bnb-charge-amount">
          {item.amount_bnb === null ? '—' : `${formatAmount(item.amount_bnb)} BNB`}
        </span>
        {item.rusd !== null && (
          <span className="bill__balance" data-testid="bnb-charge-rusd">{`+${formatAmount(item.rusd)} RUSD`}</span>
        )}
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
  const credited = useRef<Set<number> | null>(null);
  const onCreditedRef = useRef(onCredited);
  useEffect(() => {
    onCreditedRef.current = onCredited;
  });

  useEffect(() => {
    if (list === undefined) return;
    const now = new Map(list.filter((c) => c.status === 'credited').map((c) => [c.id, c]));
    const before = credited.current;
    credited.current = new Set(now.keys());
    if (before === null) return;
    const landed = [...now.values()].filter((c) => !before.has(c.id));
    if (landed.length === 0) return;
    onCreditedRef.current();
    showToast(t('property.bnb.credited', { amount: formatAmount(landed[0]!.rusd ?? '0') }));
  }, [list, t]);

  return (
    <section className="card" aria-labelledby="bnb-charges-title">
      <h2 id="bnb-charges-title" className="card__title">
        {t('property.bnb.history')}
      </h2>
      <PagedList query={charges} list={list} renderRow={(item) => <BnbChargeRow item={item} dateFormat={dateFormat} />} testId="bnb-charges-load-more" />
    </section>
  );
}
