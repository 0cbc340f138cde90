import { rewardsApi } from '@reef/contract';
import { ConfigList } from '../components/config-list';
import { useT } from '../i18n';
import type { ConsolePage } from '../registry';

function Config() {
  const t = useT();
  return (
    <>
      <h1>{t('nav.rewards')}</h1>
      <ConfigList name="rewards" endpoint={rewardsApi.adminRewardRules} pick={(data) => (data as { in_force: Record<string, unknown>[] }).in_force} />
    </>
  );
}

export const page: ConsolePage = {
  path: '/rewards',
  group: 'configuration',
  order: 5,
  title: 'nav.rewards',
  reads: rewardsApi.adminRewardRules,
  component: Config,
};
