import { cardsApi } from '@reef/contract';
import { ConfigList } from '../components/config-list';
import { useT } from '../i18n';
import type { ConsolePage } from '../registry';

function Config() {
  const t = useT();
  return (
    <>
      <h1>{t('nav.cards')}</h1>
      <ConfigList name="cards" endpoint={cardsApi.adminListCardTypes} />
    </>
  );
}

export const page: ConsolePage = {
  path: '/cards',
  group: 'configuration',
  order: 3,
  title: 'nav.cards',
  reads: cardsApi.adminListCardTypes,
  component: Config,
};
