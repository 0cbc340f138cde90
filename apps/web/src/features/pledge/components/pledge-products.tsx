import { Link } from 'react-router-dom';
import type { pledgeApi } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { QueryState } from '../../../components/ui/query-state';
import type { ClockOffset } from '../../../lib/server-clock';
import { useServerClock } from '../../../lib/use-server-clock';
import { readPledgeClock, usePledgeProducts } from '../api/list-pledge-products';
import { pledgePaths } from '../model/paths';
import { usePledgeClock } from './pledge-clock';
import { PledgeProductCard } from './pledge-product-card';
import './pledge.css';

function ProductOnOffer({ product, offset, onChange }: { product: pledgeApi.PledgeProduct; offset: ClockOffset | null; onChange: () => void }) {
  const clock = usePledgeClock(product, offset, onChange);
  return <PledgeProductCard product={product} clock={clock} linked />;
}

/** pledge/index: every product with its rate, cap progress, state and countdown on the server's clock. */
export function PledgeProducts() {
  const { t } = useTranslation();
  const products = usePledgeProducts();
  const offset = useServerClock(readPledgeClock);
  const list = products.data?.list ?? [];
  return (
    <div className="pledge-page">
      <Link className="text-link pledge-page__mine" to={pledgePaths.mine()} data-testid="pledge-mine-link">
        {t('titles.pledge/myList')}
      </Link>
      <QueryState query={products} empty={list.length === 0} emptyText={t('pledge.empty')} emptyTestId="pledge-empty">
        {list.map((product) => (
          <ProductOnOffer key={product.id} product={product} offset={offset} onChange={() => void products.refetch()} />
        ))}
      </QueryState>
    </div>
  );
}
