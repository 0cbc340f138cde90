import { useQueryClient } from '@tanstack/react-query';
import { FundRecords } from '../../features/funds';
import { userInfoQueryKey } from '../../features/user';
import { SubPage } from '../layouts/sub-page';

/** pages/user/record — the user's deposit and withdrawal records, a tab each (decision 091). */
export default function UserRecordRoute() {
  const queryClient = useQueryClient();
  return (
    <SubPage page="user/record">
      <FundRecords onCredited={() => void queryClient.invalidateQueries({ queryKey: userInfoQueryKey })} />
    </SubPage>
  );
}
