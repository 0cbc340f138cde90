import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { consoleApi, type ApprovalRequest } from '@reef/contract';
import { call } from '../api';
import { Action, Field } from '../components/action';
import { DataTable } from '../components/data-table';
import { StatusSelect } from '../components/filter-select';
import { heldRequestColumns } from '../components/review-actions';
import { useT } from '../i18n';
import type { ConsolePage } from '../registry';

/**
 * The approvals queue (decision 092): every admin write the policy held for a second administrator — an operator's
 * value, an administrator's above the four-eyes amount — and the settings that bound what one person does alone.
 */
function Approvals() {
  const t = useT();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ApprovalRequest['status']>('pending');
  const settings = useQuery({ queryKey: ['policy-settings'], queryFn: () => call(consoleApi.adminPolicySettings) });
  const list = useQuery({ queryKey: ['approvals', status], queryFn: () => call(consoleApi.adminListApprovals, { query: { status } }) });
  const refresh = () => queryClient.invalidateQueries();
  const columns: ColumnDef<ApprovalRequest, unknown>[] = [
    { accessorKey: 'id', header: 'id' },
    { accessorKey: 'action', header: t('approvals.action') },
    {
      id: 'request',
      header: t('approvals.request'),
      cell: (c) => <code>{JSON.stringify({ ...(c.row.original.params ?? {}), ...(c.row.original.body ?? {}) })}</code>,
    },
    { accessorKey: 'value', header: t('approvals.value'), cell: (c) => c.row.original.value ?? '—' },
    {
      id: 'beneficiaries',
      header: t('approvals.beneficiaries'),
      cell: (c) =>
        c.row.original.beneficiaries.map((uid) => (
          <a key={uid} href={`#/users/${uid}`}>
            {uid}{' '}
          </a>
        )),
    },
    ...heldRequestColumns<ApprovalRequest>(t, {
      approve: consoleApi.adminApproveRequest,
      reject: consoleApi.adminRejectRequest,
      summary: (r) => `${r.action} ${r.value ?? ''}`,
    }),
  ];
  return (
    <>
      <h1>{t('nav.approvals')}</h1>
      <p>
        {t('approvals.dailyLimit')}:{' '}
        <strong data-testid="daily-value-limit">{settings.data ? (settings.data.daily_value_limit ?? t('fourEyes.off')) : '…'}</strong> ·{' '}
        {t('approvals.coolingOff')}: <strong data-testid="lake-cooling-off">{settings.data?.lake_cooling_off_hours ?? '…'}</strong>{' '}
        <Action
          label={t('approvals.setPolicy')}
          variant="ghost"
          endpoint={consoleApi.adminSetPolicySettings}
          fields={
            <>
              <Field label={t('approvals.dailyLimitField')} name="limit" pattern="^\d+(\.\d{1,8})?$" inputMode="decimal" />
              <Field label={t('approvals.coolingOff')} name="hours" pattern="^\d{1,4}$" inputMode="numeric" required />
            </>
          }
          confirm={(form) =>
            `${t('approvals.dailyLimit')}: ${String(form.get('limit') ?? '') || t('fourEyes.off')} · ${t('approvals.coolingOff')}: ${String(form.get('hours'))}`
          }
          run={async (form) => {
            const limit = String(form.get('limit') ?? '').trim();
            await call(consoleApi.adminSetPolicySettings, { body: { daily_value_limit: limit || null, lake_cooling_off_hours: Number(form.get('hours')) } });
            await refresh();
          }}
        />
      </p>
      <DataTable
        name="approvals"
        columns={columns}
        rows={list.data?.list}
        error={list.error}
        toolbar={<StatusSelect value={status} onChange={setStatus} values={consoleApi.APPROVAL_STATUSES} />}
      />
    </>
  );
}

export const page: ConsolePage = {
  path: '/approvals',
  group: 'reviews',
  order: 3,
  title: 'nav.approvals',
  reads: consoleApi.adminListApprovals,
  component: Approvals,
};
