import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { FishSchool } from '../../../components/ui/status-screen';
import type { ChatPeer } from '@reef/contract';

/** A query's loading / failed / empty states, shared by every chat list. */
export function QueryState({
  isPending,
  isError,
  onRetry,
  empty,
  emptyText,
  emptyTestId,
  children,
}: {
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  empty: boolean;
  emptyText: string;
  emptyTestId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (isPending) {
    return (
      <div className="list-loading">
        <Spinner size="large" />
        <span className="sr-only">{t('common.loading')}</span>
      </div>
    );
  }
  if (isError) {
    return (
      <div className="card inline-error">
        <p>{t('errors.loadFailed')}</p>
        <Button variant="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (empty) {
    return (
      <div className="empty-state" data-testid={emptyTestId}>
        <FishSchool />
        <p>{emptyText}</p>
      </div>
    );
  }
  return <>{children}</>;
}

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
