import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { consoleApi, type AdjustmentRequest } from '@reef/contract';
import { call } from '../api';
import { Action, Field } from '../components/action';
import { DataTable } from '../components/data-table';
import { useConsoleFormat } from '../components/format';
import { StatusSelect } from '../components/filter-select';
import { heldRequestColumns } from '../components/review-actions';
import { useListSort } from '../components/use-paged';
import { useT } from '../i18n';
import type { ConsolePage } from '../registry';

const ADJUSTMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** The four-eyes rule (decision 084): its amount, and the adjustments waiting for a second administrator. */
function Adjustments() {
  const t = useT();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<(typeof ADJUSTMENT_STATUSES)[number]>('pending');
  const rule = useQuery({ queryKey: ['four-eyes'], queryFn: () => call(consoleApi.adminFourEyes) });
  const { query: sortQuery, sorting } = useListSort<(typeof consoleApi.ADJUSTMENT_SORTS)[number]>();
  const list = useQuery({
    queryKey: ['adjustments', status, sortQuery],
    queryFn: () => call(consoleApi.adminListAdjustmentRequests, { query: { status, ...sortQuery } }),
  });
  const refresh = () => queryClient.invalidateQueries();
  const format = useConsoleFormat();
  const columns: ColumnDef<AdjustmentRequest, unknown>[] = [
    { accessorKey: 'id', header: 'id' },
    { accessorKey: 'uid', header: t('common.user'), cell: (c) => <a href={`#/users/${c.row.original.uid}`}>{c.row.original.uid}</a> },
    { accessorKey: 'asset', header: t('common.asset') },
    { accessorKey: 'amount', header: t('common.amount') },
    { accessorKey: 'memo', header: t('common.reason') },
    ...heldRequestColumns<AdjustmentRequest>(t, {
      approve: consoleApi.adminApproveAdjustment,
      reject: consoleApi.adminRejectAdjustment,
      summary: (r) => `uid ${r.uid} ${format.money(r.amount, r.asset)} — ${r.memo}`,
    }),
  ];
  return (
    <>
      <h1>{t('nav.adjustments')}</h1>
      <p>
        {t('fourEyes.rule')}:{' '}
        <strong data-testid="four-eyes-above">{rule.data ? (rule.data.above === null ? t('fourEyes.off') : format.amount(rule.data.above)) : '…'}</strong>{' '}
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
        toolbar={<StatusSelect value={status} onChange={setStatus} values={ADJUSTMENT_STATUSES} />}
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
