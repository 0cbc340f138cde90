import { useTranslation } from '../../../i18n';
import { Link } from 'react-router-dom';
import { DEFAULT_ASSET_SYMBOLS } from '@reef/contract';
import { ErrorState } from '../../../components/ui/error-state';
import { formatGroupedAmount } from '../../../lib/amount-format';
import { useAppConfig } from '../../../lib/app-config';
import { pagePath } from '../../../lib/pages';
import { useCoinIndex } from '../api/get-coin-index';
import { ChangeChip } from './change-chip';
import { PriceFigure } from '../../../components/ui/price-figure';
import './market.css';

/** Home's price block (spec §1): coin price in USDT, 24 h change, issuance, burned, circulating. */
export function CoinStats() {
  const { t } = useTranslation();
  const coin = useCoinIndex();
  const config = useAppConfig();
  const usdt = config.data?.assets.find((asset) => asset.key === 'usdt')?.symbol ?? DEFAULT_ASSET_SYMBOLS.usdt;
  const symbol = coin.data?.symbol ?? config.data?.assets.find((asset) => asset.key === 'coin')?.symbol ?? DEFAULT_ASSET_SYMBOLS.coin;

  if (coin.isError) {
    return <ErrorState onRetry={coin.refetch} as="section" />;
  }

  const data = coin.data;
  const figures = [
    { key: 'issuance', label: t('market.totalIssuance'), value: data?.total_issuance },
    { key: 'burned', label: t('market.burned'), value: data?.burned },
    { key: 'circulating', label: t('market.circulating'), value: data?.circulating },
  ] as const;

  return (
    <section className="card coin-stats" aria-labelledby="coin-stats-title" aria-busy={coin.isFetching || undefined}>
      <header className="coin-stats__head">
        <h2 id="coin-stats-title" className="coin-stats__label">
          {t('market.coinPrice', { symbol })}
        </h2>
        <Link className="text-link" to={pagePath('user/price')} data-testid="coin-price-link">
          {t('market.viewChart')}
        </Link>
      </header>
      <div className="coin-stats__quote">
        <PriceFigure value={data && (data.price === null ? '—' : formatGroupedAmount(data.price))} unit={usdt} testId="coin-price" />
        {data !== undefined && <ChangeChip change={data.change_24h} testId="coin-change" />}
      </div>
      {data?.price === null && <p className="muted">{t('market.noLake')}</p>}
      <dl className="stat-rows">
        {figures.map((figure) => (
          <div key={figure.key}>
            <dt>{figure.label}</dt>
            <dd data-testid={`coin-${figure.key}`}>
              {figure.value === undefined ? <span className="skeleton skeleton--short" /> : formatGroupedAmount(figure.value)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
