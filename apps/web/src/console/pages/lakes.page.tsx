import { consoleApi, marketApi } from '@reef/contract';
import { ConfigList } from '../components/config-list';
import { useT } from '../i18n';
import type { ConsolePage } from '../registry';

function Config() {
  const t = useT();
  return (
    <>
      <h1>{t('nav.lakes')}</h1>
      <ConfigList name="lakes" endpoint={marketApi.listLakes} />
    </>
  );
}

export const page: ConsolePage = { path: '/lakes', group: 'configuration', order: 0, title: 'nav.lakes', reads: consoleApi.adminDashboard, component: Config };
