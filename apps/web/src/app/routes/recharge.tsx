import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Fish } from '../../components/ui/art/fish';
import { BackButton } from '../../components/ui/nav-bar';
import { NotLoggedIn } from '../../features/auth';
import { DepositList, RechargeForm } from '../../features/property';
import { userInfoQueryKey, useUserInfo } from '../../features/user';
import { useSession } from '../../lib/session';

/** pages/property/recharge — pay from the wallet on chain, then follow the deposit until it is credited. */
export default function RechargeRoute() {
  const { t } = useTranslation();
  const { token } = useSession();
  const user = useUserInfo();
  const queryClient = useQueryClient();
  return (
    <div className="page">
      <header className="page-head">
        <BackButton />
        <h1 className="page-head__title">{t('titles.property/recharge')}</h1>
        <Fish className="page-head__fish" body="#5ef0e2" fin="#ff7a66" />
      </header>
      <div className="page__body">
        {token ? (
          <>
            <RechargeForm balances={user.data?.balances} />
            <DepositList onCredited={() => void queryClient.invalidateQueries({ queryKey: userInfoQueryKey })} />
          </>
        ) : (
          <NotLoggedIn />
        )}
      </div>
    </div>
  );
}
