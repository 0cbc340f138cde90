import { Link } from 'react-router-dom';
import { useTranslation } from '../../../i18n';
import { EmptyState } from '../../../components/ui/empty-state';
import { Money } from '../../../components/ui/money';
import { QueryState } from '../../../components/ui/query-state';
import { FishSchool } from '../../../components/ui/status-screen';
import { ApiError } from '../../../lib/api-client';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useMiner } from '../api/get-miner';
import { miningPaths } from '../model/paths';
import { useMinerOrderRows } from './miner-order';
import { FeeBox } from '../../../components/ui/fee-box';
import './mining.css';

/** mining/success?miner=: the miner just bought — the order (number, time, status, paid) and what it will yield. */
export function MinerBought({ minerId }: { minerId: number }) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const query = useMiner(minerId);
  const orderRows = useMinerOrderRows();
  // Someone else's miner is NOT_FOUND, exactly as one that does not exist.
  const notFound = minerId === 0 || (query.error instanceof ApiError && query.error.code === 'NOT_FOUND');
  if (notFound) {
    return (
      <EmptyState className="card empty-state" text={t('mining.success.notFound')} testId="miner-bought-not-found">
        <Link to={miningPaths.exchange()}>{t('titles.mining/index')}</Link>
      </EmptyState>
    );
  }
  const details = query.data;
  return (
    <QueryState query={query}>
      {details !== undefined && (
        <section className="card mining-success" data-testid="miner-bought">
          <FishSchool />
          <h2 className="mining-success__title">{t('mining.success.title', { name: details.miner.name })}</h2>
          <FeeBox
            rows={[
              ...orderRows(details.purchase, 'miner-bought'),
              { label: t('mining.order.quantity'), value: details.purchase.quantity, testId: 'miner-bought-quantity', className: 'figure' },
              {
                label: t('mining.fields.dailyOutput'),
                value: <Money value={details.miner.daily_output} symbol={symbols[details.miner.output_asset]} testId="miner-bought-daily" />,
              },
              {
                label: t('mining.fields.totalOutput'),
                value: <Money value={details.miner.total_output} symbol={symbols[details.miner.output_asset]} testId="miner-bought-total" />,
              },
            ]}
          />
          <p className="muted mining-note">{t('mining.success.next')}</p>
          <div className="mining-success__actions">
            <Link className="btn btn--primary btn--block" to={miningPaths.bubbles()} data-testid="miner-bought-bubbles">
              <span className="btn__label">{t('titles.mining/paopao')}</span>
            </Link>
            <Link className="btn btn--secondary btn--block" to={miningPaths.exchange()} data-testid="miner-bought-exchange">
              <span className="btn__label">{t('titles.mining/index')}</span>
            </Link>
          </div>
        </section>
      )}
    </QueryState>
  );
}
