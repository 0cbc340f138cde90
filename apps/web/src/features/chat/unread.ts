/**
 * The part of chat the always-loaded shell needs: the unread total for the tab bar and Mine badges, and
 * a lazy start of the live connection. Imported on its own (not through index.ts) so the home page's
 * first download carries neither the pages nor the socket client.
 */
import type { QueryClient } from '@tanstack/react-query';

export { useUnreadTotal } from './api/get-unread';
export { badgeText } from './model/badge';
export { UnreadBadge } from './components/unread-badge';

/** Loads the socket client and the cache wiring in their own chunk and starts them (once). */
export function startChatLive(queryClient: QueryClient): void {
  void import('./model/live').then(({ startChatLive: start }) => start(queryClient));
}
