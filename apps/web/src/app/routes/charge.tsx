import { useQueryClient } from '@tanstack/react-query';
import { ChargePanel } from '../../features/property';
import { userInfoQueryKey, useUserInfo } from '../../features/user';
import { SubPage } from '../layouts/sub-page';

/** pages/property/single — buy RUSD with USDT from the balance, or with BNB paid on chain from the wallet. */
export default function ChargeRoute() {
  const user = useUserInfo();
  const queryClient = useQueryClient();
  return (
    <SubPage page="property/single">
      <ChargePanel
        balances={user.data?.balances}
        onCharged={() => void queryClient.invalidateQueries({ queryKey: userInfoQueryKey })}
      />
    </SubPage>
  );
}
