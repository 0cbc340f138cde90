import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { startChatLive, UnreadBadge, useUnreadTotal } from '../../features/chat/unread';
import { useSession } from '../../lib/session';
import { TabBar } from '../tab-bar';

/**
 * Home, AI chat and Mine: the page above, the bottom tab bar below. Signed in, the tabs also start the
 * live chat connection (its code loads lazily) and show the unread total on the AI chat tab.
 */
export function TabLayout() {
  const { token } = useSession();
  const queryClient = useQueryClient();
  const unread = useUnreadTotal();
  useEffect(() => {
    if (token !== null) startChatLive(queryClient);
  }, [token, queryClient]);
  return (
    <div className="tab-layout">
      <div className="tab-layout__page">
        <Outlet />
      </div>
      <TabBar badges={{ 'tab-ai': <UnreadBadge count={unread} corner testId="tab-ai-unread" /> }} />
    </div>
  );
}
