import { Link } from 'react-router-dom';
import { toUnits, type pledgeApi } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { ratePercent } from '../../../lib/amount-format';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { pledgePaths } from '../model/paths';
import { CapBar } from './cap-bar';
import { PledgeClockView, type PledgeClockState } from './pledge-clock';
import { Money } from '../../../components/ui/money';

interface PledgeProductCardProps {
  product: pledgeApi.PledgeProduct;
  clock: PledgeClockState;
  /** On pledge/index the name and the button lead to pledge/details; on that page they do not. */
  linked: boolean;
}

/** One product: reference annualised rate, cycle, minimum and maximum, its state and countdown, and the cap. */
export function PledgeProductCard({ product, clock, linked }: PledgeProductCardProps) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const testId = `pledge-product-${product.id}`;
  const symbol = symbols[product.asset];
  return (
    <article className="card pledge-product" data-testid={testId} aria-labelledby={`${testId}-name`}>
      <div className="pledge-product__head">
        <h2 id={`${testId}-name`} className="pledge-product__name">
          {linked ? <Link to={pledgePaths.product(product.id)}>{product.name}</Link> : product.name}
        </h2>
        <span className="pledge-product__type">{product.product_type}</span>
      </div>
      <p className="pledge-product__rate">
        <span className="figure" data-testid={`${testId}-rate`}>{`${ratePercent(product.annual_rate) ?? product.annual_rate}%`}</span>
        <span className="pledge-product__rate-label">{t('pledge.fields.annualRate')}</span>
      </p>
      <PledgeClockView clock={clock} testId={`${testId}-clock`} />
      <dl className="fee-box">
        <div>
          <dt>{t('pledge.fields.cycle')}</dt>
          <dd className="figure">{t('pledge.fields.days', { days: product.cycle_days })}</dd>
        </div>
        <div>
          <dt>{t('pledge.fields.minLock')}</dt>
          <dd>
            <Money value={product.min_lock} symbol={symbol} testId={`${testId}-min`} />
          </dd>
        </div>
        <div>
          <dt>{t('pledge.fields.maxPerUser')}</dt>
          <dd>
            <Money value={product.max_per_user} symbol={symbol} />
          </dd>
        </div>
        <div>
          <dt>{t('pledge.fields.interestAsset')}</dt>
          <dd>{symbols[product.interest_asset]}</dd>
        </div>
        {toUnits(product.holding) > 0n && (
          <div>
            <dt>{t('pledge.fields.holding')}</dt>
            <dd>
              <Money value={product.holding} symbol={symbol} testId={`${testId}-holding`} />
            </dd>
          </div>
        )}
      </dl>
      <CapBar locked={product.locked_total} cap={product.total_cap} symbol={symbol} testId={`${testId}-cap`} />
      {linked && (
        <Link className="btn btn--primary btn--block" to={pledgePaths.product(product.id)} data-testid={`${testId}-open`}>
          {clock.state === 'in_progress' ? t('pledge.actions.lock') : t('pledge.actions.view')}
        </Link>
      )}
    </article>
  );
}
