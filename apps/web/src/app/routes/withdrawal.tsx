import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Fish } from '../../components/ui/art/fish';
import { BackButton } from '../../components/ui/nav-bar';
import { NotLoggedIn } from '../../features/auth';
import { WithdrawalForm, WithdrawalList } from '../../features/property';
import { userInfoQueryKey, useUserInfo } from '../../features/user';
import { useSession } from '../../lib/session';

/** pages/property/withdrawal — USDT or coin to the user's wallet, and the review state of each request. */
export default function WithdrawalRoute() {
  const { t } = useTranslation();
  const { token } = useSession();
  const user = useUserInfo();
  const queryClient = useQueryClient();
  return (
    <div className="page">
      <header className="page-head">
        <BackButton />
        <h1 className="page-head__title">{t('titles.property/withdrawal')}</h1>
        <Fish className="page-head__fish" body="#5ef0e2" fin="#ff7a66" />
      </header>
      <div className="page__body">
        {token ? (
          <>
            <WithdrawalForm
              hasPayPassword={user.data?.has_pay_password}
              onWithdrawn={() => void queryClient.invalidateQueries({ queryKey: userInfoQueryKey })}
            />
            <WithdrawalList />
          </>
        ) : (
          <NotLoggedIn />
        )}
      </div>
    </div>
  );
}
