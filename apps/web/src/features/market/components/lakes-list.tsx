import { useState } from 'react';
import { useTranslation } from '../../../i18n';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { formatGroupedAmount } from '../../../lib/amount-format';
import { useLakes } from '../api/list-lakes';
import { ChangeChip } from './change-chip';
import { TradeList } from './trade-list';
import './market.css';

/**
 * The lakes page (spec §1 'liquidity-pool (lakes) display', decision 078): every pool with its reserves, price, 24 h
 * volume and change (GET /api/lakes); a pool's recent trades open under it (GET /api/lake/:id).
 */
export function LakesList() {
  const { t } = useTranslation();
  const lakes = useLakes();
  const [open, setOpen] = useState<number | null>(null);
  if (lakes.isError) return <ErrorState onRetry={lakes.refetch} />;
  if (lakes.isPending) return <LoadingState />;
  if (lakes.data.list.length === 0) return <EmptyState text={t('market.noLake')} testId="lakes-empty" />;
  return (
    <ul className="lakes-list" data-testid="lakes-list">
      {lakes.data.list.map((lake) => (
        <li key={lake.id} className="card lake-card" data-testid={`lake-${lake.id}`}>
          <div className="lake-card__head">
            <h2 className="lake-card__pair">{t('market.pair', { base: lake.base_symbol, quote: lake.quote_symbol })}</h2>
            {!lake.open && <span className="lake-card__closed">{t('lakes.closed')}</span>}
            <ChangeChip change={lake.change_24h} />
          </div>
          <p className="price-figure">
            <span className="price-figure__value" data-testid={`lake-${lake.id}-price`}>
              {formatGroupedAmount(lake.price)}
            </span>
            <span className="price-figure__unit">{lake.quote_symbol}</span>
          </p>
          <dl className="stat-grid">
            <div>
              <dt>{t('market.reserve', { symbol: lake.base_symbol })}</dt>
              <dd>{formatGroupedAmount(lake.reserve_base, 2)}</dd>
            </div>
            <div>
              <dt>{t('market.reserve', { symbol: lake.quote_symbol })}</dt>
              <dd>{formatGroupedAmount(lake.reserve_quote, 2)}</dd>
            </div>
            <div>
              <dt>{t('market.volume24h')}</dt>
              <dd>
                {formatGroupedAmount(lake.volume_24h_quote, 2)} <small>{lake.quote_symbol}</small>
              </dd>
            </div>
          </dl>
          <button
            type="button"
            className="chip-button"
            aria-expanded={open === lake.id}
            onClick={() => setOpen(open === lake.id ? null : lake.id)}
            data-testid={`lake-${lake.id}-trades`}
          >
            {t('market.recentTrades')}
          </button>
          {open === lake.id && <TradeList lakeId={lake.id} />}
        </li>
      ))}
    </ul>
  );
}
