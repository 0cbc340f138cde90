/**
 * The user page's records (issue 16): the journal lines, paged and by asset, and the sign-in sessions, so an operator
 * sees what moved a balance and whether "End all sessions" took effect. Read through the console's own routes.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { ASSET_KEYS, consoleApi } from '@reef/contract';
import type * as z from 'zod/mini';
import { call } from '../api';
import { DataTable } from '../components/data-table';
import { useConsoleFormat } from '../components/format';
import { usePaged } from '../components/use-paged';
import { useT } from '../i18n';

type JournalLine = z.infer<typeof consoleApi.adminUserJournal.response>['list'][number];
type Session = z.infer<typeof consoleApi.operatorSession>;

export function UserJournal({ uid }: { uid: number }) {
  const t = useT();
  const format = useConsoleFormat();
  const [asset, setAsset] = useState('');
  const { table } = usePaged(consoleApi.adminUserJournal, { asset: asset || undefined }, 20, { id: uid });
  // An amount in the console's format, the exact value (every place) in its tooltip.
  const amountColumn = (key: 'amount' | 'balance_after', header: string): ColumnDef<JournalLine, unknown> => ({
    accessorKey: key,
    header,
    cell: (c) => (
      <span className="amount" title={c.row.original[key]}>
        {format.amount(c.row.original[key])}
      </span>
    ),
  });
  const columns: ColumnDef<JournalLine, unknown>[] = [
    { accessorKey: 'id', header: 'id' },
    { accessorKey: 'entry_id', header: t('users.entry') },
    { accessorKey: 'asset', header: t('common.asset'), cell: (c) => format.symbol(c.row.original.asset) },
    amountColumn('amount', t('common.amount')),
    amountColumn('balance_after', t('users.balanceAfter')),
    { accessorKey: 'kind', header: t('users.kind'), cell: (c) => <span title={c.row.original.kind}>{t(`journal.kind.${c.row.original.kind}`)}</span> },
    { accessorKey: 'memo', header: t('users.memo') },
    { accessorKey: 'created_at', header: t('common.created') },
  ];
  return (
    <>
      <h2>{t('users.journal')}</h2>
      <DataTable
        name="user-journal"
        columns={columns}
        {...table}
        toolbar={
          <select aria-label={t('common.asset')} value={asset} onChange={(e) => setAsset(e.target.value)}>
            <option value="">{t('common.all')}</option>
            {ASSET_KEYS.map((key) => (
              <option key={key} value={key}>
                {format.symbol(key)}
              </option>
            ))}
          </select>
        }
      />
    </>
  );
}

export function UserSessions({ uid }: { uid: number }) {
  const t = useT();
  const sessions = useQuery({ queryKey: ['user-sessions', uid], queryFn: () => call(consoleApi.adminUserSessions, { params: { id: uid } }) });
  const columns: ColumnDef<Session, unknown>[] = [
    { accessorKey: 'id', header: 'id' },
    { accessorKey: 'created_at', header: t('common.created') },
    { accessorKey: 'expires_at', header: t('users.sessionExpires') },
    { accessorKey: 'revoked_at', header: t('users.sessionEnded') },
    { accessorKey: 'active', header: t('common.status'), cell: (c) => (c.row.original.active ? t('users.sessionActive') : t('users.sessionInactive')) },
  ];
  return (
    <>
      <h2>{t('users.sessions')}</h2>
      <DataTable name="user-sessions" columns={columns} rows={sessions.data?.list} error={sessions.error} />
    </>
  );
}
