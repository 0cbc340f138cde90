import { miningApi } from '@reef/contract';
import { ConfigList } from '../components/config-list';
import { useT } from '../i18n';
import type { ConsolePage } from '../registry';

function Config() {
  const t = useT();
  return (
    <>
      <h1>{t('nav.mining')}</h1>
      <ConfigList name="mining" endpoint={miningApi.adminListMiningProducts} />
    </>
  );
}

export const page: ConsolePage = {
  path: '/mining',
  group: 'configuration',
  order: 1,
  title: 'nav.mining',
  reads: miningApi.adminListMiningProducts,
  component: Config,
};
