import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { DEPOSIT_STATUSES, depositsApi, type AdminDeposit } from '@reef/contract';
import { call } from '../api';
import { Action, Field } from '../components/action';
import { DataTable } from '../components/data-table';
import { FilterSelect } from '../components/filter-select';
import { usePaged } from '../components/use-paged';
import { VoucherImage } from '../components/voucher-image';
import { useT } from '../i18n';
import type { ConsolePage } from '../registry';

function Deposits() {
  const t = useT();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<string>('review');
  const { table, sorting } = usePaged(depositsApi.adminListDeposits, { status: status || undefined });
  const refresh = () => queryClient.invalidateQueries();
  const columns: ColumnDef<AdminDeposit, unknown>[] = [
    { accessorKey: 'id', header: 'id' },
    { accessorKey: 'uid', header: t('common.user'), cell: (c) => <a href={`#/users/${c.row.original.uid}`}>{c.row.original.uid}</a> },
    { accessorKey: 'asset', header: t('common.asset') },
    { accessorKey: 'amount', header: t('common.amount') },
    { accessorKey: 'method', header: t('reviews.method') },
    { accessorKey: 'status', header: t('common.status'), cell: (c) => t(`status.${c.row.original.status}`) },
    {
      accessorKey: 'voucher_image',
      header: t('reviews.voucher'),
      cell: ({ row: { original: d } }) => (d.voucher_image ? <VoucherImage address={d.voucher_image} /> : (d.tx_hash ?? '—')),
    },
    { accessorKey: 'reason', header: t('common.reason') },
    { accessorKey: 'created_at', header: t('common.created') },
    {
      id: 'actions',
      header: t('common.actions'),
      cell: ({ row: { original: d } }) =>
        d.status === 'review' ? (
          <div className="row-actions" data-testid={`deposit-${d.id}`}>
            <Action
              label={t('reviews.approve')}
              endpoint={depositsApi.adminApproveDeposit}
              confirm={() => `${t('reviews.approve')} #${d.id}: +${d.amount} ${d.asset.toUpperCase()} → uid ${d.uid}`}
              run={async () => {
                await call(depositsApi.adminApproveDeposit, { params: { id: d.id }, idempotencyKey: crypto.randomUUID() });
                await refresh();
              }}
            />
            <Action
              label={t('reviews.reject')}
              variant="danger"
              endpoint={depositsApi.adminRejectDeposit}
              fields={<Field label={t('reviews.rejectReason')} name="reason" required maxLength={200} />}
              run={async (form) => {
                await call(depositsApi.adminRejectDeposit, {
                  params: { id: d.id },
                  body: { reason: String(form.get('reason')) },
                  idempotencyKey: crypto.randomUUID(),
                });
                await refresh();
              }}
            />
          </div>
        ) : null,
    },
  ];

  return (
    <>
      <h1>{t('nav.deposits')}</h1>
      <DataTable
        name="deposits"
        columns={columns}
        {...table}
        sorting={{ ...sorting, columns: depositsApi.DEPOSIT_SORTS }}
        toolbar={<FilterSelect label={t('common.status')} value={status} onChange={setStatus} values={DEPOSIT_STATUSES} show={(s) => t(`status.${s}`)} />}
      />
    </>
  );
}

export const page: ConsolePage = {
  path: '/deposits',
  group: 'reviews',
  order: 1,
  title: 'nav.deposits',
  reads: depositsApi.adminListDeposits,
  component: Deposits,
};
