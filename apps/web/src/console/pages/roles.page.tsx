import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { consoleApi, OPERATOR_ROLES, type OperatorRole, type RoleGrant } from '@reef/contract';
import { call } from '../api';
import { Action, Field } from '../components/action';
import { DataTable } from '../components/data-table';
import { useT } from '../i18n';
import type { ConsolePage } from '../registry';

function Roles() {
  const t = useT();
  const queryClient = useQueryClient();
  const roles = useQuery({ queryKey: ['roles'], queryFn: () => call(consoleApi.adminListRoles) });
  const refresh = () => queryClient.invalidateQueries();
  const columns: ColumnDef<RoleGrant, unknown>[] = [
    { accessorKey: 'account', header: t('roles.account') },
    { accessorKey: 'uid', header: 'uid' },
    { accessorKey: 'role', header: t('roles.role'), cell: (c) => t(`role.${c.row.original.role}`) },
    { accessorKey: 'seeded', header: t('roles.seeded'), cell: (c) => (c.row.original.seeded ? t('users.yes') : '') },
    { accessorKey: 'created_at', header: t('common.created') },
    {
      id: 'actions',
      header: t('common.actions'),
      cell: ({ row: { original: r } }) => (
        <Action
          label={t('roles.revoke')}
          variant="danger"
          endpoint={consoleApi.adminRevokeRole}
          confirm={() => `${t('roles.revoke')} ${t(`role.${r.role}`)} → ${r.account}`}
          run={async () => {
            await call(consoleApi.adminRevokeRole, { body: { account: r.account, role: r.role } });
            await refresh();
          }}
        />
      ),
    },
  ];
  return (
    <>
      <h1>{t('nav.roles')}</h1>
      <Action
        label={t('roles.grant')}
        endpoint={consoleApi.adminGrantRole}
        fields={
          <>
            <Field label={t('roles.account')} name="account" required pattern="^0x[0-9a-fA-F]{40}$" />
            <label className="field">
              <span>{t('roles.role')}</span>
              <select name="role">
                {OPERATOR_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {t(`role.${role}`)}
                  </option>
                ))}
              </select>
            </label>
          </>
        }
        confirm={(form) => `${t('roles.grant')} ${t(`role.${String(form.get('role')) as OperatorRole}`)} → ${String(form.get('account'))}`}
        run={async (form) => {
          await call(consoleApi.adminGrantRole, { body: { account: String(form.get('account')), role: String(form.get('role')) as OperatorRole } });
          await refresh();
        }}
      />
      <DataTable name="roles" columns={columns} rows={roles.data?.list} error={roles.error} />
    </>
  );
}

export const page: ConsolePage = { path: '/roles', group: 'people', order: 1, title: 'nav.roles', reads: consoleApi.adminListRoles, component: Roles };
