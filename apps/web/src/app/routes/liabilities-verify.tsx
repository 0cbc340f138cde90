import { VerifyMyBalance } from '../../features/liabilities';
import { useTranslation } from '../../i18n';
import { SubPage } from '../layouts/sub-page';

/** /pages/user/liabilities — Mine → Verify my balance: the user's inclusion proof, verified in the browser (decision 098). */
export default function LiabilitiesVerifyRoute() {
  const { t } = useTranslation();
  return (
    <SubPage page="user/user" title={t('liabilities.verifyTitle')}>
      <VerifyMyBalance />
    </SubPage>
  );
}
