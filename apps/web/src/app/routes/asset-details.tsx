import { Navigate, useSearchParams } from 'react-router-dom';
import { isAssetKey } from '@reef/contract';
import { AssetDetails } from '../../features/funds';
import { pagePath } from '../../lib/pages';
import { useHoldingsData } from '../layouts/account-sub-page';
import { SubPage } from '../layouts/sub-page';

/**
 * pages/index/details?asset=<key> — one asset: balance, value, actions, fund log. It is one of the two pages
 * with a navigation bar (spec §2): SubPage's back button and title. An unknown asset goes to the holdings.
 */
export default function AssetDetailsRoute() {
  const [search] = useSearchParams();
  const asset = search.get('asset');
  const holdings = useHoldingsData();
  if (asset === null || !isAssetKey(asset)) return <Navigate to={pagePath('property/index')} replace />;
  return (
    <SubPage page="index/details">
      <AssetDetails key={asset} asset={asset} {...holdings} />
    </SubPage>
  );
}
