/**
 * The buy orders tab: every order by state, type, session and buyer; a waiting order can be cancelled with a
 * reason, which refunds its whole reservation (asked a second time, naming the amounts).
 */
import { useState } from 'react';
import type * as z from 'zod/mini';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { cardsApi } from '@reef/contract';
import { call } from '../../api';
import { Action, Field } from '../../components/action';
import { DataTable } from '../../components/data-table';
import { FilterSelect } from '../../components/filter-select';
import { usePaged } from '../../components/use-paged';
import { useConsoleFormat } from '../../components/format';
import { useT } from '../../i18n';
import { IdFilter, idOrUndefined, TypeFilter, uidLink, useTypeName } from './shared';

type Order = z.infer<typeof cardsApi.adminCardOrder>;

export function Orders() {
  const t = useT();
  const format = useConsoleFormat();
  const queryClient = useQueryClient();
  const typeName = useTypeName();
  const [state, setState] = useState('waiting');
  const [type, setType] = useState('');
  const [session, setSession] = useState('');
  const [uid, setUid] = useState('');
  const { table } = usePaged(cardsApi.adminListOrders, {
    state: state || undefined,
    type: idOrUndefined(type),
    session: idOrUndefined(session),
    uid: idOrUndefined(uid),
  });
  const columns: ColumnDef<Order, unknown>[] = [
    { accessorKey: 'id', header: 'id' },
    { accessorKey: 'buyer', header: t('cards.buyer'), cell: (c) => uidLink(c.row.original.buyer) },
    { id: 'type', header: t('cards.type'), accessorFn: (o) => typeName(o.card_type_id) },
    { accessorKey: 'session_id', header: t('cards.session') },
    { accessorKey: 'min_price', header: t('cards.minPrice') },
    { accessorKey: 'max_price', header: t('cards.maxPrice') },
    { accessorKey: 'reserved_rusd', header: t('cards.reservedRusd') },
    { accessorKey: 'reserved_fuel', header: t('cards.reservedFuel') },
    { accessorKey: 'reserved_trade', header: t('cards.reservedTrade') },
    { accessorKey: 'state', header: t('common.status'), cell: (c) => t(`cards.order.${c.row.original.state}`) },
    { accessorKey: 'price', header: t('cards.price') },
    { accessorKey: 'created_at', header: t('common.created') },
    { accessorKey: 'ended_at', header: t('cards.endedAt') },
    { accessorKey: 'cancelled_by', header: t('cards.cancelledBy'), cell: (c) => uidLink(c.row.original.cancelled_by) },
    {
      id: 'actions',
      header: t('common.actions'),
      cell: ({ row: { original: o } }) =>
        o.state === 'waiting' ? (
          <div className="row-actions" data-testid={`card-order-${o.id}`}>
            <Action
              label={t('cards.cancelOrder')}
              variant="danger"
              endpoint={cardsApi.adminCancelOrder}
              fields={<Field label={t('common.reason')} name="reason" required maxLength={200} />}
              confirm={(form) =>
                t('cards.cancelOrderConfirm', {
                  id: o.id,
                  uid: o.buyer,
                  rusd: format.amount(o.reserved_rusd),
                  fuel: format.amount(o.reserved_fuel),
                  trade: format.amount(o.reserved_trade),
                  reason: String(form.get('reason')),
                })
              }
              run={async (form) => {
                await call(cardsApi.adminCancelOrder, { params: { id: o.id }, body: { reason: String(form.get('reason')).trim() } });
                await queryClient.invalidateQueries();
              }}
            />
          </div>
        ) : null,
    },
  ];
  return (
    <DataTable
      name="card-orders"
      columns={columns}
      {...table}
      toolbar={
        <>
          <FilterSelect
            label={t('common.status')}
            value={state}
            onChange={setState}
            values={cardsApi.ORDER_STATES}
            show={(s) => t(`cards.order.${s}`)}
            testId="order-state-filter"
          />
          <TypeFilter value={type} onChange={setType} testId="order-type-filter" />
          <IdFilter label={t('cards.session')} value={session} onChange={setSession} />
          <IdFilter label="uid" value={uid} onChange={setUid} />
        </>
      }
    />
  );
}
