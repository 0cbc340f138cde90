import { MiningExchange } from '../../features/mining';
import { SubPage } from '../layouts/sub-page';

/** pages/mining/index — the miner exchange: miners on sale, my miners with their income and states. */
export default function MiningIndexRoute() {
  return (
    <SubPage page="mining/index">
      <MiningExchange />
    </SubPage>
  );
}
