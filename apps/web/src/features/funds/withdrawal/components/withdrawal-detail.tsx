import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../../components/ui/error-state';
import { EmptyState } from '../../../../components/ui/empty-state';
import { LoadingState } from '../../../../components/ui/loading-state';
import { ApiError } from '../../../../lib/api-client';
import { useAppConfig } from '../../../../lib/app-config';
import { useDateFormat } from '../../../../lib/use-date-format';
import { useWithdrawal } from '../api/get-withdrawal';
import { withdrawalTimeline } from '../model/withdrawal-timeline';
import { explorerLink } from '../../shared/model/chain-display';
import { useAssetSymbol } from '../../shared/components/asset-toggle';
import { CopyButton } from '../../shared/components/copy-button';
import '../../shared/components/funds-form.css';
import './withdrawal-detail.css';
import { formatGroupedAmount } from '../../../../lib/amount-format';

/** One withdrawal (its own route): amount, destination, the status timeline, the payout hash and its explorer link. */
export function WithdrawalDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useWithdrawal(id);
  const config = useAppConfig();
  const dateFormat = useDateFormat();
  const symbolOf = useAssetSymbol();

  if (query.isError) {
    if (query.error instanceof ApiError && query.error.code === 'NOT_FOUND') {
      return <EmptyState text={t('withdraw.detail.notFound')} testId="withdrawal-not-found" />;
    }
    return <ErrorState onRetry={() => query.refetch()} />;
  }
  if (query.data === undefined) return <LoadingState />;

  const item = query.data;
  const symbol = symbolOf(item.asset);
  const explorer = config.data?.explorer_url;
  const addressLink = explorerLink(explorer, 'address', item.to_address);
  const txLink = item.tx_hash === null ? null : explorerLink(explorer, 'tx', item.tx_hash);

  return (
    <div className="withdrawal-detail" data-testid="withdrawal-detail" data-status={item.status}>
      <section className="card withdrawal-detail__head">
        <span className="withdrawal-detail__status" data-testid="withdrawal-detail-status">
          {t(`withdraw.status.${item.status}`)}
        </span>
        <span className="withdrawal-detail__amount" data-testid="withdrawal-detail-amount">
          {`${formatGroupedAmount(item.amount)} ${symbol}`}
        </span>
        <dl className="fee-box">
          <div>
            <dt>{t('withdraw.fee')}</dt>
            <dd>{`${formatGroupedAmount(item.fee)} ${symbol}`}</dd>
          </div>
          <div>
            <dt>{t('property.chain.network')}</dt>
            <dd>{t('property.chain.networkName')}</dd>
          </div>
        </dl>
      </section>

      <section className="card withdrawal-detail__block" aria-labelledby="withdrawal-to-title">
        <h2 id="withdrawal-to-title" className="card__title">
          {t('withdraw.destination')}
        </h2>
        <code className="funds-address" data-testid="withdrawal-detail-address">
          {item.to_address}
        </code>
        {addressLink !== null && (
          <a className="text-link withdrawal-detail__link" href={addressLink} target="_blank" rel="noopener noreferrer">
            {t('property.chain.explorer')}
          </a>
        )}
      </section>

      <section className="card withdrawal-detail__block" aria-labelledby="withdrawal-timeline-title">
        <h2 id="withdrawal-timeline-title" className="card__title">
          {t('withdraw.detail.timeline')}
        </h2>
        <ol className="timeline" data-testid="withdrawal-timeline">
          {withdrawalTimeline(item).map((step) => (
            <li key={step.id} className={`timeline__step is-${step.state}`} data-testid={`timeline-${step.id}`} data-state={step.state}>
              <span className="timeline__dot" aria-hidden="true" />
              <span className="timeline__label">{t(`withdraw.detail.steps.${step.id}`)}</span>
              <span className="timeline__time">
                {step.at !== null ? (
                  <time dateTime={step.at}>{dateFormat.format(new Date(step.at))}</time>
                ) : (
                  t(step.state === 'done' ? 'withdraw.detail.doneNoTime' : step.state === 'current' ? 'withdraw.detail.inProgress' : 'withdraw.detail.notYet')
                )}
              </span>
            </li>
          ))}
        </ol>
        {item.status === 'rejected' && (
          <p className="withdrawal-detail__reason" data-testid="withdrawal-detail-reason">
            {t('withdraw.failedReason', { reason: item.reason ?? '' })}
          </p>
        )}
      </section>

      {item.tx_hash !== null && (
        <section className="card withdrawal-detail__block" aria-labelledby="withdrawal-tx-title">
          <h2 id="withdrawal-tx-title" className="card__title">
            {t('withdraw.detail.txHash')}
          </h2>
          <code className="funds-address" data-testid="withdrawal-detail-tx">
            {item.tx_hash}
          </code>
          <div className="withdrawal-detail__actions">
            <CopyButton value={item.tx_hash} label={t('withdraw.detail.copyHash')} testId="withdrawal-detail-copy" />
            {txLink !== null && (
              <a
                className="text-link withdrawal-detail__action-link"
                href={txLink}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="withdrawal-detail-explorer"
              >
                {t('property.chain.explorer')}
              </a>
            )}
          </div>
        </section>
      )}
    </div>
  );
}
