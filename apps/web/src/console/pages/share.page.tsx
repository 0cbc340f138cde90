import { shareApi } from '@reef/contract';
import { ConfigList } from '../components/config-list';
import { useT } from '../i18n';
import type { ConsolePage } from '../registry';

function Config() {
  const t = useT();
  return (
    <>
      <h1>{t('nav.share')}</h1>
      <ConfigList name="share" endpoint={shareApi.adminListShare} />
    </>
  );
}

export const page: ConsolePage = { path: '/share', group: 'configuration', order: 6, title: 'nav.share', reads: shareApi.adminListShare, component: Config };
