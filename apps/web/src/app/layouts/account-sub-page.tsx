import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@reef/contract';
import { useLakes } from '../../features/market';
import { userInfoQueryKey, useUserInfo } from '../../features/user';
import type { PageId } from '../../lib/pages';
import { SubPage } from './sub-page';

interface AccountSubPageProps {
  page: PageId;
  /** Names what the page shows in place of the page's own title. */
  title?: string;
  /** Gets the signed-in user's info and a callback that refetches it after money moved, so balances shown elsewhere stay current. */
  children: (user: UserInfo | undefined, onBalancesChanged: () => void) => ReactNode;
}

/**
 * The funds pages that change the user's balances (charge, transfer, withdrawal) share this wiring. The user query
 * runs here, outside SubPage's sign-in gate, exactly as it did when each route read it itself.
 */
export function AccountSubPage({ page, title, children }: AccountSubPageProps) {
  const user = useUserInfo();
  const queryClient = useQueryClient();
  return (
    <SubPage page={page} title={title}>
      {children(user.data, () => void queryClient.invalidateQueries({ queryKey: userInfoQueryKey }))}
    </SubPage>
  );
}

/** Reads the user's balances and the lakes' prices for the holdings overview and the asset details, which value one and the other the same way. */
export function useHoldingsData() {
  const user = useUserInfo();
  const lakes = useLakes();
  return {
    balances: user.data?.balances,
    failed: user.isError,
    onRetry: () => void user.refetch(),
    lakes: lakes.data?.list,
    lakesFailed: lakes.isError,
  };
}
