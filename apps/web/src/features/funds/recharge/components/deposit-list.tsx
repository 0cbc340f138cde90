import { useMemo } from 'react';
import { useTranslation } from '../../../../i18n';
import { type Deposit } from '@reef/contract';
import { useDeposits } from '../api/list-deposits';
import { ConfirmationsNote, TxHashNote, useFailureText } from '../../shared/components/chain-notes';
import { useNewlyCredited } from '../../shared/hooks/use-newly-credited';
import { uniqueRows } from '../../../../lib/paged-list';
import { useAssetSymbol } from '../../shared/components/asset-toggle';
import { PagedList } from '../../../../components/ui/paged-list';
import { EmptyState, type EmptyAction } from '../../../../components/ui/empty-state';
import { useDateFormat } from '../../../../lib/use-date-format';
import { useVoucherImageUrl } from '../api/voucher-image';
import { formatGroupedAmount } from '../../../../lib/amount-format';
import { CardSection } from '../../../../components/ui/card-section';

/** The voucher image opens from a blob URL: the server shows it to its owner only, and a link cannot send the token. */
function VoucherImageLink({ address }: { address: string }) {
  const { t } = useTranslation();
  const url = useVoucherImageUrl(address);
  return (
    <a
      className="bill__memo text-link"
      href={url ?? undefined}
      aria-disabled={url === null}
      target="_blank"
      rel="noreferrer"
      data-testid="deposit-voucher-image"
      data-address={address}
    >
      {t('property.voucher.image')}
    </a>
  );
}

function DepositRow({ item, dateFormat }: { item: Deposit; dateFormat: Intl.DateTimeFormat }) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const symbol = useAssetSymbol()(item.asset);
  return (
    <li className="bill" data-testid="deposit-row" data-status={item.status}>
      <div className="bill__main">
        <span className="bill__kind">{t(`recharge.status.${item.status}`)}</span>
        <span className="bill__time">{dateFormat.format(new Date(item.created_at))}</span>
        {item.status === 'pending' && (
          <ConfirmationsNote confirmations={item.confirmations} required={item.required_confirmations} testId="deposit-confirmations" />
        )}
        {item.status === 'failed' && <span className="bill__memo">{t('recharge.failedReason', { reason: failureText(item.failure) })}</span>}
        {item.status === 'review' && (
          <span className="bill__memo" data-testid="deposit-review-note">
            {t('property.voucher.waitReview')}
          </span>
        )}
        {item.status === 'rejected' && (
          <span className="bill__memo" data-testid="deposit-reason">
            {t('recharge.failedReason', { reason: item.reason ?? '' })}
          </span>
        )}
        {item.tx_hash !== null && <TxHashNote hash={item.tx_hash} />}
        {item.voucher_image !== null && <VoucherImageLink address={item.voucher_image} />}
      </div>
      <div className="bill__side">
        <span className="bill__amount figure">{item.amount === null ? '—' : `${formatGroupedAmount(item.amount)} ${symbol}`}</span>
      </div>
    </li>
  );
}

/** The user's deposits; asked again every 3 s while one is pending. `onCredited` runs when one lands. */
/** `emptyAction`: the way to deposit, where the list stands apart from the deposit form (user/record). */
export function DepositList({ onCredited, emptyAction }: { onCredited: () => void; emptyAction?: EmptyAction }) {
  const { t } = useTranslation();
  const deposits = useDeposits();
  const dateFormat = useDateFormat();
  const data = deposits.data;
  const list = useMemo(() => (data === undefined ? undefined : uniqueRows(data.pages)), [data]);
  useNewlyCredited(list, onCredited);

  return (
    <CardSection title={t('recharge.history')}>
      <PagedList
        query={deposits}
        list={list}
        renderRow={(item) => <DepositRow item={item} dateFormat={dateFormat} />}
        empty={
          <EmptyState
            title={t('records.emptyState.deposits.title')}
            text={t('records.emptyState.deposits.text')}
            action={emptyAction}
            testId="deposits-empty"
          />
        }
        testId="deposits-load-more"
      />
    </CardSection>
  );
}
