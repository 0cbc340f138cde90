import { pledgeApi } from '@reef/contract';
import { ConfigList } from '../components/config-list';
import { useT } from '../i18n';
import type { ConsolePage } from '../registry';

function Config() {
  const t = useT();
  return (
    <>
      <h1>{t('nav.pledge')}</h1>
      <ConfigList name="pledge" endpoint={pledgeApi.adminListPledgeProducts} />
    </>
  );
}

export const page: ConsolePage = {
  path: '/pledge',
  group: 'configuration',
  order: 2,
  title: 'nav.pledge',
  reads: pledgeApi.adminListPledgeProducts,
  component: Config,
};
