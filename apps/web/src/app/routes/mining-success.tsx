import { useSearchParams } from 'react-router-dom';
import { idFromQuery, MinerBought } from '../../features/mining';
import { SubPage } from '../layouts/sub-page';

/** pages/mining/success?miner= — the miner just bought: its order and what it will yield. */
export default function MiningSuccessRoute() {
  const [search] = useSearchParams();
  return (
    <SubPage page="mining/success">
      <MinerBought minerId={idFromQuery(search.get('miner'))} />
    </SubPage>
  );
}
