import { useTranslation } from '../../../../i18n';
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
import { FeeBox } from '../../../../components/ui/fee-box';
import { CardSection } from '../../../../components/ui/card-section';
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
        <FeeBox
          rows={[
            { label: t('withdraw.fee'), value: `${formatGroupedAmount(item.fee)} ${symbol}` },
            { label: t('property.chain.network'), value: t('property.chain.networkName') },
          ]}
        />
      </section>

      <CardSection className="withdrawal-detail__block" title={t('withdraw.destination')}>
        <code className="funds-address" data-testid="withdrawal-detail-address">
          {item.to_address}
        </code>
        {addressLink !== null && (
          <a className="text-link withdrawal-detail__link" href={addressLink} target="_blank" rel="noopener noreferrer">
            {t('property.chain.explorer')}
          </a>
        )}
      </CardSection>

      <CardSection className="withdrawal-detail__block" title={t('withdraw.detail.timeline')}>
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
      </CardSection>

      {item.tx_hash !== null && (
        <CardSection className="withdrawal-detail__block" title={t('withdraw.detail.txHash')}>
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
        </CardSection>
      )}
    </div>
  );
}
