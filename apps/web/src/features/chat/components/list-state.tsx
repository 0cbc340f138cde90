import type { ReactNode } from 'react';
import type { ChatPeer } from '@reef/contract';
import { QueryState } from '../../../components/ui/query-state';

export function peerName(peer: Pick<ChatPeer, 'nickname' | 'address'>): string {
  return peer.nickname.trim() || peer.address;
}

export function Avatar({ name, group = false }: { name: string; group?: boolean }) {
  const initial = [...name.trim()][0]?.toUpperCase() ?? '?';
  return (
    <span className={group ? 'chat-avatar chat-avatar--group' : 'chat-avatar'} aria-hidden="true">
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
