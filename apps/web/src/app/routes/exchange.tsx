import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Fish } from '../../components/ui/art/fish';
import { BackButton } from '../../components/ui/nav-bar';
import { NotLoggedIn } from '../../features/auth';
import { marketRootKey } from '../../features/market';
import { ExchangeForm } from '../../features/property';
import { userInfoQueryKey, useUserInfo } from '../../features/user';
import { useSession } from '../../lib/session';

/** pages/property/exchange — flash exchange between USDT and the coin against the main lake. */
export default function ExchangeRoute() {
  const { t } = useTranslation();
  const { token } = useSession();
  const user = useUserInfo();
  const queryClient = useQueryClient();
  return (
    <div className="page">
      <header className="page-head">
        <BackButton />
        <h1 className="page-head__title">{t('titles.property/exchange')}</h1>
        <Fish className="page-head__fish" body="#ff8a4c" fin="#ffd37a" striped />
      </header>
      <div className="page__body">
        {token ? (
          <ExchangeForm
            balances={user.data?.balances}
            onExchanged={() => {
              // A trade moves balances and the price: refresh both.
              void queryClient.invalidateQueries({ queryKey: userInfoQueryKey });
              void queryClient.invalidateQueries({ queryKey: marketRootKey });
            }}
          />
        ) : (
          <NotLoggedIn />
        )}
      </div>
    </div>
  );
}
