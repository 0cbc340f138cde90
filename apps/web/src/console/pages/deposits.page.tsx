import { useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { DEPOSIT_STATUSES, depositsApi, type AdminDeposit } from '@reef/contract';
import { call } from '../api';
import { DataTable } from '../components/data-table';
import { useConsoleFormat } from '../components/format';
import { ReviewActions } from '../components/review-actions';
import { FilterSelect } from '../components/filter-select';
import { usePaged } from '../components/use-paged';
import { VoucherImage } from '../components/voucher-image';
import { useT } from '../i18n';
import type { ConsolePage } from '../registry';

function Deposits() {
  const t = useT();
  const [status, setStatus] = useState<string>('review');
  const { table, sorting } = usePaged(depositsApi.adminListDeposits, { status: status || undefined });
  const format = useConsoleFormat();
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
            <ReviewActions
              id={d.id}
              summary={`+${d.amount === null ? '—' : format.money(d.amount, d.asset)} → uid ${d.uid}`}
              approve={depositsApi.adminApproveDeposit}
              reject={depositsApi.adminRejectDeposit}
              onApprove={() => call(depositsApi.adminApproveDeposit, { params: { id: d.id }, idempotencyKey: crypto.randomUUID() })}
              onReject={(reason) => call(depositsApi.adminRejectDeposit, { params: { id: d.id }, body: { reason }, idempotencyKey: crypto.randomUUID() })}
              withReason
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
        toolbar={<FilterSelect value={status} onChange={setStatus} values={DEPOSIT_STATUSES} />}
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
