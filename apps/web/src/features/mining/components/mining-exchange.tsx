import { useTranslation } from '../../../i18n';
import { PageLinks } from '../../../components/ui/page-links';
import { MinerProducts } from './miner-products';
import { MyMiners } from './my-miners';
import './mining.css';

/** mining/index: the miners on sale, then the caller's own miners and income. */
export function MiningExchange() {
  const { t } = useTranslation();
  return (
    <div className="mining-page">
      <PageLinks pages={['mining/paopao']} label={t('mining.links')} testId="mining-links" />
      <MinerProducts />
      <MyMiners />
    </div>
  );
}
