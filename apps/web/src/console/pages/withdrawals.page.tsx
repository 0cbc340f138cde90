import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { WITHDRAWAL_STATUSES, withdrawalsApi, type AdminWithdrawal } from '@reef/contract';
import { call } from '../api';
import { Action, Field, formText } from '../components/action';
import { DataTable } from '../components/data-table';
import { useConsoleFormat } from '../components/format';
import { ReviewActions } from '../components/review-actions';
import { FilterSelect } from '../components/filter-select';
import { usePaged } from '../components/use-paged';
import { useT } from '../i18n';
import type { ConsolePage } from '../registry';

function Withdrawals() {
  const t = useT();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<string>('pending');
  const { table, sorting } = usePaged(withdrawalsApi.adminListWithdrawals, { status: status || undefined });
  const refresh = () => queryClient.invalidateQueries();
  const format = useConsoleFormat();
  const columns: ColumnDef<AdminWithdrawal, unknown>[] = [
    { accessorKey: 'id', header: 'id' },
    { accessorKey: 'uid', header: t('common.user'), cell: (c) => <a href={`#/users/${c.row.original.uid}`}>{c.row.original.uid}</a> },
    { accessorKey: 'asset', header: t('common.asset') },
    { accessorKey: 'amount', header: t('common.amount') },
    { accessorKey: 'fee', header: t('reviews.fee') },
    { accessorKey: 'to_address', header: t('reviews.to') },
    { accessorKey: 'status', header: t('common.status'), cell: (c) => t(`status.${c.row.original.status}`) },
    { accessorKey: 'tx_hash', header: 'tx' },
    { accessorKey: 'reason', header: t('common.reason') },
    { accessorKey: 'created_at', header: t('common.created') },
    {
      id: 'actions',
      header: t('common.actions'),
      cell: ({ row: { original: w } }) => (
        <div className="row-actions" data-testid={`withdrawal-${w.id}`}>
          {w.status === 'pending' && (
            <>
              <ReviewActions
                id={w.id}
                summary={`${format.money(w.amount, w.asset)} → ${w.to_address}`}
                approve={withdrawalsApi.adminApproveWithdrawal}
                reject={withdrawalsApi.adminRejectWithdrawal}
                approveFields={<Field label={t('reviews.txHash')} name="tx_hash" pattern="^0x[0-9a-fA-F]{64}$" />}
                onApprove={(form) => {
                  const hash = formText(form, 'tx_hash');
                  return call(withdrawalsApi.adminApproveWithdrawal, {
                    params: { id: w.id },
                    body: hash ? { tx_hash: hash } : {},
                    idempotencyKey: crypto.randomUUID(),
                  });
                }}
                onReject={(reason) =>
                  call(withdrawalsApi.adminRejectWithdrawal, { params: { id: w.id }, body: { reason }, idempotencyKey: crypto.randomUUID() })
                }
                withReason
              />
            </>
          )}
          {w.status === 'paying' && (
            <Action
              label={t('reviews.resolve')}
              endpoint={withdrawalsApi.adminResolveWithdrawal}
              fields={<Field label={`${t('reviews.resolvePaid')} — ${t('reviews.txHash')}`} name="tx_hash" pattern="^0x[0-9a-fA-F]{64}$" />}
              confirm={(form) => `${t('reviews.resolve')} #${w.id}: ${form.get('tx_hash') ? t('reviews.resolvePaid') : t('reviews.resolvePending')}`}
              run={async (form) => {
                const hash = formText(form, 'tx_hash');
                await call(withdrawalsApi.adminResolveWithdrawal, {
                  params: { id: w.id },
                  body: hash ? { outcome: 'paid', tx_hash: hash } : { outcome: 'pending' },
                  idempotencyKey: crypto.randomUUID(),
                });
                await refresh();
              }}
            />
          )}
        </div>
      ),
    },
  ];

  return (
    <>
      <h1>{t('nav.withdrawals')}</h1>
      <DataTable
        name="withdrawals"
        columns={columns}
        {...table}
        sorting={{ ...sorting, columns: withdrawalsApi.WITHDRAWAL_SORTS }}
        toolbar={<FilterSelect value={status} onChange={setStatus} values={WITHDRAWAL_STATUSES} testId="status-filter" />}
      />
    </>
  );
}

export const page: ConsolePage = {
  path: '/withdrawals',
  group: 'reviews',
  order: 0,
  title: 'nav.withdrawals',
  reads: withdrawalsApi.adminListWithdrawals,
  component: Withdrawals,
};
