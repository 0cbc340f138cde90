import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import { ErrorState } from '../../components/ui/error-state';
import { LoadingState } from '../../components/ui/loading-state';
import { startChatLive } from '../../features/chat/unread';
import { useUserInfo } from '../../features/user';
import type { PageId } from '../../lib/pages';
import { useSession } from '../../lib/session';
import { SubPage } from '../layouts/sub-page';

export interface ChatViewer {
  uid: number;
  serviceAgent: boolean;
}

/** Starts the live chat connection (lazily, once) while someone is signed in. */
export function useChatLive(): void {
  const { token } = useSession();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (token !== null) startChatLive(queryClient);
  }, [token, queryClient]);
}

/** Who is reading: the chat feature needs the uid (whose side a message is on) and the agent flag. */
export function ChatViewerGate({ children }: { children: (viewer: ChatViewer) => ReactNode }) {
  const user = useUserInfo();
  useChatLive();
  if (!user.data && user.isError) {
    return <ErrorState onRetry={user.refetch} />;
  }
  if (!user.data) {
    return <LoadingState />;
  }
  return <>{children({ uid: user.data.uid, serviceAgent: user.data.service_agent })}</>;
}

/** A chat page pushed over the tabs: SubPage (title, back, not-logged-in prompt) with the viewer known. */
export function ChatSubPage({ page, title, children }: { page: PageId; title?: string; children: (viewer: ChatViewer) => ReactNode }) {
  return (
    <SubPage page={page} title={title}>
      <ChatViewerGate>{children}</ChatViewerGate>
    </SubPage>
  );
}

/** A page opened without the id it needs (route parameters ride in the hash query). */
export function InvalidChatLink() {
  const { t } = useTranslation();
  return (
    <p className="card inline-error" data-testid="chat-invalid-link">
      {t('chat.invalidLink')}
    </p>
  );
}
