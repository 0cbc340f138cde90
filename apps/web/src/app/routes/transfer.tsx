import { useQueryClient } from '@tanstack/react-query';
import { TransferForm } from '../../features/property';
import { userInfoQueryKey, useUserInfo } from '../../features/user';
import { SubPage } from '../layouts/sub-page';

/** pages/property/transfer — send an asset to another user. */
export default function TransferRoute() {
  const user = useUserInfo();
  const queryClient = useQueryClient();
  return (
    <SubPage page="property/transfer">
      <TransferForm
        balances={user.data?.balances}
        onTransferred={() => void queryClient.invalidateQueries({ queryKey: userInfoQueryKey })}
      />
    </SubPage>
  );
}
