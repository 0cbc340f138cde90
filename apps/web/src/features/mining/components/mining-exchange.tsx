import { MiningLinks } from './mining-links';
import { MinerProducts } from './miner-products';
import { MyMiners } from './my-miners';
import './mining.css';

/** mining/index: the miners on sale, then the caller's own miners and income. */
export function MiningExchange() {
  return (
    <div className="mining-page">
      <MiningLinks pages={['mining/paopao']} testId="mining-links" />
      <MinerProducts />
      <MyMiners />
    </div>
  );
}
