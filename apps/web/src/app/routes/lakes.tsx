import { useTranslation } from '../../i18n';
import { LakesList } from '../../features/market';
import { PublicSubPage } from '../layouts/sub-page';

/** The lakes page (spec §1; decision 078): every pool, reached from the price page. Public. */
export default function LakesRoute() {
  const { t } = useTranslation();
  return (
    <PublicSubPage page="user/price" title={t('lakes.title')} fish={{ body: '#2ee6d6', fin: '#f4d9a6' }}>
      <LakesList />
    </PublicSubPage>
  );
}
