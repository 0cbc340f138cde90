import { communityApi } from '@reef/contract';
import { ConfigList } from '../components/config-list';
import { useT } from '../i18n';
import type { ConsolePage } from '../registry';

function Config() {
  const t = useT();
  return (
    <>
      <h1>{t('nav.levels')}</h1>
      <ConfigList name="levels" endpoint={communityApi.adminListLevels} />
    </>
  );
}

export const page: ConsolePage = {
  path: '/levels',
  group: 'configuration',
  order: 4,
  title: 'nav.levels',
  reads: communityApi.adminListLevels,
  component: Config,
};
