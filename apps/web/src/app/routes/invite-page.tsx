import type { ReactNode } from 'react';
import { QueryState } from '../../components/ui/query-state';
import { useUserInfo } from '../../features/user';

/** The signed-in user's uid and nickname, which the invite and share pages put in the link and on the poster. */
export function WithInviter({ children }: { children: (inviter: { uid: number; nickname: string }) => ReactNode }) {
  const user = useUserInfo();
  return <QueryState query={user}>{user.data && children({ uid: user.data.uid, nickname: user.data.nickname })}</QueryState>;
}
