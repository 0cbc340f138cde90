import { useTranslation } from 'react-i18next';
import { Fish } from '../../components/ui/art/fish';
import { BackButton } from '../../components/ui/nav-bar';
import { NotLoggedIn } from '../../features/auth';
import { FundsOverview } from '../../features/property';
import { useUserInfo } from '../../features/user';
import { useSession } from '../../lib/session';

/** pages/property/index — all balances and the funds actions. */
export default function FundsRoute() {
  const { t } = useTranslation();
  const { token } = useSession();
  const user = useUserInfo();
  return (
    <div className="page">
      <header className="page-head">
        <BackButton />
        <h1 className="page-head__title">{t('titles.property/index')}</h1>
        <Fish className="page-head__fish" body="#5ef0e2" fin="#ff7a66" />
      </header>
      <div className="page__body">
        {token ? (
          <FundsOverview balances={user.data?.balances} failed={user.isError} onRetry={() => void user.refetch()} />
        ) : (
          <NotLoggedIn />
        )}
      </div>
    </div>
  );
}
