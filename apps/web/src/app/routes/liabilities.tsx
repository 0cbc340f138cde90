import { PublishedLiabilities } from '../../features/liabilities';
import { useTranslation } from '../../i18n';
import { PublicSubPage } from '../layouts/sub-page';

/** /pages/liabilities — the latest proof-of-liabilities root and totals, for anyone (decision 098). */
export default function LiabilitiesRoute() {
  const { t } = useTranslation();
  return (
    <PublicSubPage page="user/user" title={t('liabilities.title')}>
      <PublishedLiabilities />
    </PublicSubPage>
  );
}
