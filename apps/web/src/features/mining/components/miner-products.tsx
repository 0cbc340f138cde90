import { Link } from 'react-router-dom';
import type { miningApi } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { Money } from '../../../components/ui/money';
import { QueryState } from '../../../components/ui/query-state';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useMiningProducts } from '../api/list-products';
import { maxQuantity } from '../model/order-cost';
import { miningPaths } from '../model/paths';
import { MinerArt } from './miner-art';
import { FeeBox } from '../../../components/ui/fee-box';

/** mining/index, first part: the miners on sale, each with its terms and a way to the order page. */
export function MinerProducts() {
  const { t } = useTranslation();
  const products = useMiningProducts();
  const list = products.data?.list ?? [];
  return (
    <section className="mining-section" aria-labelledby="mining-products-title">
      <h2 id="mining-products-title" className="mining-section__title">
        {t('mining.products.title')}
      </h2>
      <QueryState query={products} empty={list.length === 0} emptyText={t('mining.products.empty')} emptyTestId="mining-products-empty">
        {list.map((product) => (
          <ProductCard key={product.id} product={product} />
        ))}
      </QueryState>
    </section>
  );
}

function ProductCard({ product }: { product: miningApi.MiningProduct }) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const testId = `mining-product-${product.id}`;
  const left = maxQuantity(product);
  const blocked = product.status !== 'on_sale' ? t('mining.products.paused') : left === 0 ? t('mining.products.limitReached') : null;
  return (
    <article className="card mining-product" data-testid={testId} aria-labelledby={`${testId}-name`}>
      <div className="mining-product__head">
        <MinerArt image={product.image} />
        <div className="mining-product__title">
          <h3 id={`${testId}-name`} className="mining-product__name">
            {product.name}
          </h3>
          <Money value={product.price} symbol={symbols[product.price_asset]} testId={`${testId}-price`} />
        </div>
      </div>
      <FeeBox
        rows={[
          { label: t('mining.fields.period'), value: t('mining.daysValue', { days: product.period_days }), className: 'figure' },
          {
            label: t('mining.fields.dailyOutput'),
            value: <Money value={product.daily_output} symbol={symbols[product.output_asset]} testId={`${testId}-daily`} />,
          },
          {
            label: t('mining.fields.totalOutput'),
            value: <Money value={product.total_output} symbol={symbols[product.output_asset]} testId={`${testId}-total`} />,
          },
          product.per_user_limit !== null && {
            label: t('mining.fields.myPurchases'),
            value: `${product.bought} / ${product.per_user_limit}`,
            testId: `${testId}-bought`,
            className: 'figure',
          },
        ]}
      />
      {product.one_at_a_time && <p className="muted mining-note">{t('mining.products.oneAtATime')}</p>}
      {blocked === null ? (
        <Link className="btn btn--primary btn--block" to={miningPaths.buy(product.id)} data-testid={`${testId}-buy`}>
          <span className="btn__label">{t('mining.products.buy')}</span>
        </Link>
      ) : (
        <p className="mining-blocked" data-testid={`${testId}-blocked`}>
          {blocked}
        </p>
      )}
    </article>
  );
}
