import { Link } from 'react-router-dom';
import { toUnits, type pledgeApi } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { annualRateText, perThousandText } from '../model/rate-text';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { pledgePaths } from '../model/paths';
import { CapBar } from './cap-bar';
import { PledgeClockView, type PledgeClockState } from './pledge-clock';
import { FeeBox } from '../../../components/ui/fee-box';
import { Money } from '../../../components/ui/money';

interface PledgeProductCardProps {
  product: pledgeApi.PledgeProduct;
  clock: PledgeClockState;
  /** On pledge/index the name and the button lead to pledge/details; on that page they do not. */
  linked: boolean;
}

/** One product: its rate as the payout computes it (per 1,000 a day, then the annual rate in the paying asset), cycle, minimum and maximum, its state and countdown, and the cap. */
export function PledgeProductCard({ product, clock, linked }: PledgeProductCardProps) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const testId = `pledge-product-${product.id}`;
  const symbol = symbols[product.asset];
  return (
    <article className="card pledge-product" data-testid={testId} aria-labelledby={`${testId}-name`}>
      <div className="pledge-product__head">
        <h2 id={`${testId}-name`} className="pledge-product__name">
          {linked ? (
            <Link className="hit-area" to={pledgePaths.product(product.id)}>
              {product.name}
            </Link>
          ) : (
            product.name
          )}
        </h2>
        <span className="pledge-product__type">{product.product_type}</span>
      </div>
      <p className="pledge-product__rate">
        <span className="figure" data-testid={`${testId}-rate`}>
          {perThousandText(product.daily_interest_per_thousand, symbols[product.interest_asset])}
        </span>
        <span className="pledge-product__rate-label" data-testid={`${testId}-rate-label`}>
          {t('pledge.rate.perThousand', { asset: symbol })}
        </span>
      </p>
      <p className="pledge-note" data-testid={`${testId}-annual`}>
        {annualRateText(t, product, symbols)}
      </p>
      <PledgeClockView clock={clock} testId={`${testId}-clock`} />
      <FeeBox
        rows={[
          { label: t('pledge.fields.cycle'), value: t('pledge.fields.days', { days: product.cycle_days }) },
          { label: t('pledge.fields.minLock'), value: <Money value={product.min_lock} symbol={symbol} testId={`${testId}-min`} /> },
          { label: t('pledge.fields.maxPerUser'), value: <Money value={product.max_per_user} symbol={symbol} /> },
          { label: t('pledge.fields.interestAsset'), value: symbols[product.interest_asset] },
          ...(toUnits(product.holding) > 0n
            ? [{ label: t('pledge.fields.holding'), value: <Money value={product.holding} symbol={symbol} testId={`${testId}-holding`} /> }]
            : []),
        ]}
      />
      <CapBar locked={product.locked_total} cap={product.total_cap} symbol={symbol} testId={`${testId}-cap`} />
      {linked && (
        <Link className="btn btn--primary btn--block" to={pledgePaths.product(product.id)} data-testid={`${testId}-open`}>
          {clock.state === 'in_progress' ? t('pledge.actions.lock') : t('pledge.actions.view')}
        </Link>
      )}
    </article>
  );
}
