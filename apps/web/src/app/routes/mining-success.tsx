import { useSearchParams } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { idFromQuery, MinerBought } from '../../features/mining';
import { SubPage } from '../layouts/sub-page';

/** pages/mining/success?miner= — the miner just bought: its order and what it will yield, titled for that (issue 25 §7). */
export default function MiningSuccessRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  return (
    <SubPage page="mining/success" title={t('mining.success.pageTitle')}>
      <MinerBought minerId={idFromQuery(search.get('miner'))} />
    </SubPage>
  );
}
