import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { ASSET_KEYS, cardsApi, consoleApi, ledgerApi, OPERATOR_ROLES, type OperatorUser } from '@reef/contract';
import { call } from '../api';
import { Action, Field, Select } from '../components/action';
import { DataTable } from '../components/data-table';
import { useConsoleFormat } from '../components/format';
import { usePaged } from '../components/use-paged';
import { useT } from '../i18n';
import type { ConsolePage } from '../registry';
import { UserJournal, UserSessions } from './user-records';

function UserList() {
  const t = useT();
  const [q, setQ] = useState('');
  const { table, sorting } = usePaged(consoleApi.adminFindUsers, { q: q.trim() || undefined });
  const columns: ColumnDef<OperatorUser, unknown>[] = [
    { accessorKey: 'uid', header: 'uid', cell: (c) => <a href={`#/users/${c.row.original.uid}`}>{c.row.original.uid}</a> },
    { accessorKey: 'nickname', header: t('users.nickname') },
    { accessorKey: 'account', header: t('users.wallet') },
    { accessorKey: 'level', header: t('users.level') },
    { accessorKey: 'referrer', header: t('users.referrer') },
    { accessorKey: 'frozen', header: t('users.frozen'), cell: (c) => (c.row.original.frozen ? t('users.yes') : '') },
    { accessorKey: 'created_at', header: t('common.created') },
  ];
  return (
    <>
      <h1>{t('nav.users')}</h1>
      <DataTable
        name="users"
        columns={columns}
        {...table}
        sorting={{ ...sorting, columns: consoleApi.USER_SORTS }}
        toolbar={<input type="search" placeholder={t('users.find')} aria-label={t('users.find')} value={q} onChange={(e) => setQ(e.target.value)} />}
      />
    </>
  );
}

function UserDetail({ uid }: { uid: number }) {
  const t = useT();
  const format = useConsoleFormat();
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: ['user', uid], queryFn: () => call(consoleApi.adminUserDetail, { params: { id: uid } }) });
  const refresh = () => queryClient.invalidateQueries();
  const [notice, setNotice] = useState<string | null>(null);
  if (detail.error) return <p className="state state--failed">{t('common.failed', { message: detail.error.message })}</p>;
  if (!detail.data) return <p className="state">{t('common.loading')}</p>;
  const { user, team, balances, roles } = detail.data;
  return (
    <>
      <a href="#/users">← {t('users.back')}</a>
      <h1>
        uid {user.uid} {user.nickname && `· ${user.nickname}`}
      </h1>
      <dl className="profile" data-testid="user-profile">
        <dt>{t('users.wallet')}</dt>
        <dd>{user.account}</dd>
        <dt>{t('users.referrer')}</dt>
        <dd>{user.referrer ? <a href={`#/users/${user.referrer}`}>{user.referrer}</a> : '—'}</dd>
        <dt>{t('users.team')}</dt>
        <dd>{team}</dd>
        <dt>{t('users.level')}</dt>
        <dd>{user.level}</dd>
        <dt>{t('users.leader')}</dt>
        <dd>{user.leader ? t('users.yes') : t('users.no')}</dd>
        <dt>{t('users.frozen')}</dt>
        <dd data-testid="user-frozen">{user.frozen ? t('users.yes') : t('users.no')}</dd>
        <dt>{t('users.roles')}</dt>
        <dd>{roles.map((role) => t(`role.${role}`)).join(', ') || '—'}</dd>
      </dl>
      <h2>{t('users.balances')}</h2>
      <div className="table-scroll">
        <table className="compact" data-testid="user-balances">
          <tbody>
            {balances.map((b) => (
              <tr key={b.asset}>
                <th>{format.symbol(b.asset)}</th>
                <td className="amount" title={b.amount}>
                  {format.amount(b.amount)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {notice && (
        <p className="note" role="status" data-testid="adjust-notice">
          {notice} — <a href="#/adjustments">{t('nav.adjustments')}</a>
        </p>
      )}
      <div className="actions">
        <Action
          label={t('users.adjust')}
          endpoint={ledgerApi.adminAdjust}
          testId="adjust-balance"
          fields={
            <>
              <Select label={t('common.asset')} name="asset" values={ASSET_KEYS} show={format.symbol} />
              <Field label={t('users.adjustAmount')} name="amount" required pattern="^-?\d+(\.\d{1,8})?$" inputMode="decimal" />
              <Field label={t('users.adjustReason')} name="memo" required maxLength={200} />
            </>
          }
          confirm={(form) =>
            `${t('users.adjust')}: uid ${user.uid} ${format.money(String(form.get('amount')), String(form.get('asset')))} — ${String(form.get('memo'))}`
          }
          run={async (form) => {
            const result = await call(ledgerApi.adminAdjust, {
              body: { uid: user.uid, asset: String(form.get('asset')) as never, amount: String(form.get('amount')), memo: String(form.get('memo')) },
              idempotencyKey: crypto.randomUUID(),
            });
            // Above the four-eyes amount nothing moved yet: say so where the operator looks.
            setNotice('request_id' in result ? `${t('fourEyes.waiting')} (#${result.request_id})` : null);
            await refresh();
            return result;
          }}
        />
        <Action
          label={user.frozen ? t('users.unfreeze') : t('users.freeze')}
          variant={user.frozen ? 'primary' : 'danger'}
          endpoint={consoleApi.adminFreezeUser}
          testId="freeze-user"
          fields={<Field label={t('common.reason')} name="reason" required maxLength={200} />}
          run={async (form) => {
            await call(consoleApi.adminFreezeUser, { params: { id: user.uid }, body: { frozen: !user.frozen, reason: String(form.get('reason')) } });
            await refresh();
          }}
        />
        <Action
          label={t('users.revokeSessions')}
          variant="danger"
          endpoint={consoleApi.adminRevokeSessions}
          run={async () => {
            await call(consoleApi.adminRevokeSessions, { params: { id: user.uid } });
            await refresh();
          }}
        />
        <Action
          label={user.leader ? t('users.unsetLeader') : t('users.setLeader')}
          endpoint={cardsApi.adminSetLeader}
          confirm={() => `${user.leader ? t('users.unsetLeader') : t('users.setLeader')}: uid ${user.uid}`}
          run={async () => {
            await call(cardsApi.adminSetLeader, { params: { id: user.uid }, body: { leader: !user.leader } });
            await refresh();
          }}
        />
        {OPERATOR_ROLES.map((role) => {
          const held = roles.includes(role);
          const endpoint = held ? consoleApi.adminRevokeRole : consoleApi.adminGrantRole;
          return (
            <Action
              key={role}
              label={`${held ? t('roles.revoke') : t('roles.grant')}: ${t(`role.${role}`)}`}
              variant="ghost"
              endpoint={endpoint}
              confirm={() => `${held ? t('roles.revoke') : t('roles.grant')} ${t(`role.${role}`)} → ${user.account}`}
              run={async () => {
                await call(endpoint, { body: { account: user.account, role } });
                await refresh();
              }}
            />
          );
        })}
      </div>
      <UserJournal uid={user.uid} />
      <UserSessions uid={user.uid} />
    </>
  );
}

function Users({ rest }: { rest: string }) {
  const uid = /^\d+$/.test(rest) ? Number(rest) : null;
  return uid ? <UserDetail uid={uid} /> : <UserList />;
}

export const page: ConsolePage = { path: '/users', group: 'people', order: 0, title: 'nav.users', reads: consoleApi.adminFindUsers, component: Users };
