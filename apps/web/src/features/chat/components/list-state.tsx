import type { ReactNode } from 'react';
import type { ChatPeer } from '@reef/contract';
import { QueryState } from '../../../components/ui/query-state';
import { Avatar } from '../../../components/ui/user-badge';

export function peerName(peer: Pick<ChatPeer, 'nickname' | 'address'>): string {
  return peer.nickname.trim() || peer.address;
}

/** The size of a person's picture in chat rows and the conversation header. */
export const CHAT_AVATAR_SIZE = 42;

/** A person in a chat list, header or bubble: their picture, or the fish their uid colours (decision 044). */
export function PersonAvatar({ person, size = CHAT_AVATAR_SIZE }: { person: { uid: number | null; avatar: string | null }; size?: number }) {
  return <Avatar src={person.avatar} uid={person.uid ?? 0} size={size} className="chat-avatar--person" />;
}

/** A group (or the service desk): its initial on a tile, never a person's picture. */
export function GroupAvatar({ name }: { name: string }) {
  const initial = [...name.trim()][0]?.toUpperCase() ?? '?';
  return (
    <span className="chat-avatar chat-avatar--group" aria-hidden="true">
      {initial}
    </span>
  );
}

/** The card every chat list sits in, behind its query's loading, failed and empty states; rows are the children. */
export function ChatListCard({
  query,
  empty,
  emptyText,
  emptyTestId,
  testId,
  children,
}: {
  query: Parameters<typeof QueryState>[0]['query'];
  empty: boolean;
  emptyText: string;
  emptyTestId: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <QueryState query={query} empty={empty} emptyText={emptyText} emptyTestId={emptyTestId}>
      <section className="card">
        <ul className="chat-list" data-testid={testId}>
          {children}
        </ul>
      </section>
    </QueryState>
  );
}

/** A chat row's title over its secondary line (uid, address, member count …), beside the avatar. */
export function ChatRowText({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <span className="chat-row__main">
      <span className="chat-row__title">{title}</span>
      <span className="chat-row__sub">{children}</span>
    </span>
  );
}
