import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { consoleApi, type AdjustmentRequest } from '@reef/contract';
import { call } from '../api';
import { Action, Field } from '../components/action';
import { DataTable } from '../components/data-table';
import { useListSort } from '../components/use-paged';
import { useT } from '../i18n';
import type { ConsolePage } from '../registry';

/** The four-eyes rule (decision 084): its amount, and the adjustments waiting for a second administrator. */
function Adjustments() {
  const t = useT();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<'pending' | 'approved' | 'rejected'>('pending');
  const rule = useQuery({ queryKey: ['four-eyes'], queryFn: () => call(consoleApi.adminFourEyes) });
  const { query: sortQuery, sorting } = useListSort<(typeof consoleApi.ADJUSTMENT_SORTS)[number]>();
  const list = useQuery({
    queryKey: ['adjustments', status, sortQuery],
    queryFn: () => call(consoleApi.adminListAdjustmentRequests, { query: { status, ...sortQuery } }),
  });
  const refresh = () => queryClient.invalidateQueries();
  const columns: ColumnDef<AdjustmentRequest, unknown>[] = [
    { accessorKey: 'id', header: 'id' },
    { accessorKey: 'uid', header: t('common.user'), cell: (c) => <a href={`#/users/${c.row.original.uid}`}>{c.row.original.uid}</a> },
    { accessorKey: 'asset', header: t('common.asset') },
    { accessorKey: 'amount', header: t('common.amount') },
    { accessorKey: 'memo', header: t('common.reason') },
    { accessorKey: 'requested_by', header: t('fourEyes.requestedBy') },
    { accessorKey: 'status', header: t('common.status'), cell: (c) => t(`status.${c.row.original.status}`) },
    { accessorKey: 'created_at', header: t('common.created') },
    {
      id: 'actions',
      header: t('common.actions'),
      cell: ({ row: { original: r } }) =>
        r.status === 'pending' ? (
          <div className="row-actions">
            <Action
              label={t('reviews.approve')}
              endpoint={consoleApi.adminApproveAdjustment}
              confirm={() => `${t('reviews.approve')} #${r.id}: uid ${r.uid} ${r.amount} ${r.asset.toUpperCase()} — ${r.memo}`}
              run={async () => {
                await call(consoleApi.adminApproveAdjustment, { params: { id: r.id } });
                await refresh();
              }}
            />
            <Action
              label={t('reviews.reject')}
              variant="danger"
              endpoint={consoleApi.adminRejectAdjustment}
              run={async () => {
                await call(consoleApi.adminRejectAdjustment, { params: { id: r.id } });
                await refresh();
              }}
            />
          </div>
        ) : null,
    },
  ];
  return (
    <>
      <h1>{t('nav.adjustments')}</h1>
      <p>
        {t('fourEyes.rule')}: <strong data-testid="four-eyes-above">{rule.data ? (rule.data.above ?? t('fourEyes.off')) : '…'}</strong>{' '}
        <Action
          label={t('fourEyes.set')}
          variant="ghost"
          endpoint={consoleApi.adminSetFourEyes}
          fields={<Field label={t('fourEyes.above')} name="above" pattern="^\d+(\.\d{1,8})?$" inputMode="decimal" />}
          confirm={(form) => `${t('fourEyes.rule')}: ${String(form.get('above') ?? '') || t('fourEyes.off')}`}
          run={async (form) => {
            const above = String(form.get('above') ?? '').trim();
            await call(consoleApi.adminSetFourEyes, { body: { above: above || null } });
            await refresh();
          }}
        />
      </p>
      <DataTable
        name="adjustments"
        columns={columns}
        rows={list.data?.list}
        error={list.error}
        sorting={{ ...sorting, columns: consoleApi.ADJUSTMENT_SORTS }}
        toolbar={
          <select aria-label={t('common.status')} value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
            {(['pending', 'approved', 'rejected'] as const).map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        }
      />
    </>
  );
}

export const page: ConsolePage = {
  path: '/adjustments',
  group: 'reviews',
  order: 2,
  title: 'nav.adjustments',
  reads: consoleApi.adminListAdjustmentRequests,
  component: Adjustments,
};
