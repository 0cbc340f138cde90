import { useQueryClient } from '@tanstack/react-query';
import { marketRootKey } from '../../features/market';
import { ExchangeForm } from '../../features/funds';
import { userInfoQueryKey, useUserInfo } from '../../features/user';
import { SubPage } from '../layouts/sub-page';

/** pages/property/exchange — flash exchange between USDT and the coin against the main lake. */
export default function ExchangeRoute() {
  const user = useUserInfo();
  const queryClient = useQueryClient();
  return (
    <SubPage page="property/exchange" fish={{ body: '#ff8a4c', fin: '#ffd37a', striped: true }}>
      <ExchangeForm
        balances={user.data?.balances}
        onExchanged={() => {
          // A trade moves balances and the price: refresh both.
          void queryClient.invalidateQueries({ queryKey: userInfoQueryKey });
          void queryClient.invalidateQueries({ queryKey: marketRootKey });
        }}
      />
    </SubPage>
  );
}
