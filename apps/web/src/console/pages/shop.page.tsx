import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { shopApi, type Goods, type ShopOrder } from '@reef/contract';
import { call } from '../api';
import { Action, Field, Select, WholeField } from '../components/action';
import { DataTable } from '../components/data-table';
import { FilterSelect } from '../components/filter-select';
import { usePaged } from '../components/use-paged';
import { useConsoleFormat } from '../components/format';
import { useT, type Translate } from '../i18n';
import type { ConsolePage } from '../registry';

type AdminOrder = ShopOrder & { user_id: number };
type GoodsBody = {
  title: string;
  description: string;
  images: string[];
  price: string;
  asset: Goods['asset'];
  stock: number;
  per_user_limit: number | null;
  kind: Goods['kind'];
  status: Goods['status'];
};

function GoodsFields({ goods, t }: { goods?: Goods; t: Translate }) {
  return (
    <>
      <Field label={t('shop.goodsTitle')} name="title" defaultValue={goods?.title} required maxLength={80} />
      <label className="field">
        <span>{t('shop.description')}</span>
        <textarea name="description" defaultValue={goods?.description} maxLength={4000} rows={3} />
      </label>
      <label className="field">
        <span>{t('shop.images')}</span>
        <textarea name="images" defaultValue={goods?.images.join('\n')} rows={2} placeholder="/uploads/….png" />
      </label>
      <Field label={t('shop.price')} name="price" defaultValue={goods?.price} required inputMode="decimal" pattern="^\d+(\.\d{1,8})?$" />
      <Select label={t('common.asset')} name="asset" values={shopApi.SHOP_ASSETS} value={goods?.asset} />
      <WholeField label={t('shop.stock')} name="stock" min={0} max={10_000_000} value={goods?.stock ?? 0} required />
      <WholeField label={t('shop.perUserLimit')} name="per_user_limit" max={1_000_000} value={goods?.per_user_limit} />
      <Select label={t('shop.kind')} name="kind" values={shopApi.GOODS_KINDS} value={goods?.kind} show={(v) => t(`shop.kind.${v as Goods['kind']}`)} />
      <Select
        label={t('common.status')}
        name="status"
        values={shopApi.GOODS_STATUSES}
        value={goods?.status}
        show={(v) => t(`shop.status.${v as Goods['status']}`)}
      />
    </>
  );
}

function goodsBody(form: FormData): GoodsBody {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  return {
    title: text('title'),
    description: text('description'),
    images: text('images')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    price: text('price'),
    asset: text('asset') as Goods['asset'],
    stock: Number(text('stock')),
    per_user_limit: text('per_user_limit') ? Number(text('per_user_limit')) : null,
    kind: text('kind') as Goods['kind'],
    status: text('status') as Goods['status'],
  };
}

function GoodsTable() {
  const t = useT();
  const queryClient = useQueryClient();
  const goods = useQuery({ queryKey: ['shop-goods'], queryFn: () => call(shopApi.adminListGoods) });
  const refresh = () => queryClient.invalidateQueries();
  const columns: ColumnDef<Goods, unknown>[] = [
    { accessorKey: 'id', header: 'id' },
    { accessorKey: 'title', header: t('shop.goodsTitle') },
    { accessorKey: 'price', header: t('shop.price') },
    { accessorKey: 'asset', header: t('common.asset') },
    { accessorKey: 'stock', header: t('shop.stock') },
    { accessorKey: 'per_user_limit', header: t('shop.perUserLimit'), cell: (c) => c.row.original.per_user_limit ?? '—' },
    { accessorKey: 'kind', header: t('shop.kind'), cell: (c) => t(`shop.kind.${c.row.original.kind}`) },
    { accessorKey: 'status', header: t('common.status'), cell: (c) => t(`shop.status.${c.row.original.status}`) },
    {
      id: 'actions',
      header: t('common.actions'),
      cell: ({ row: { original: g } }) => (
        <div className="row-actions" data-testid={`goods-${g.id}`}>
          <Action
            label={t('articles.edit')}
            variant="ghost"
            endpoint={shopApi.adminEditGoods}
            fields={<GoodsFields goods={g} t={t} />}
            run={async (form) => {
              await call(shopApi.adminEditGoods, { params: { id: g.id }, body: goodsBody(form) });
              await refresh();
            }}
          />
        </div>
      ),
    },
  ];
  return (
    <>
      <h2>{t('shop.goods')}</h2>
      <Action
        label={t('shop.createGoods')}
        endpoint={shopApi.adminCreateGoods}
        testId="create-goods"
        fields={<GoodsFields t={t} />}
        run={async (form) => {
          await call(shopApi.adminCreateGoods, { body: goodsBody(form) });
          await refresh();
        }}
      />
      <DataTable name="goods" columns={columns} rows={goods.data?.list} error={goods.error} />
    </>
  );
}

function OrdersTable() {
  const t = useT();
  const format = useConsoleFormat();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<string>('unshipped');
  const { table, sorting } = usePaged(shopApi.adminListOrders, { status });
  const refresh = () => queryClient.invalidateQueries();
  const columns: ColumnDef<AdminOrder, unknown>[] = [
    { accessorKey: 'order_no', header: t('shop.orderNo') },
    { accessorKey: 'user_id', header: t('common.user'), cell: (c) => <a href={`#/users/${c.row.original.user_id}`}>{c.row.original.user_id}</a> },
    { accessorKey: 'title', header: t('shop.goodsTitle') },
    { accessorKey: 'quantity', header: t('shop.quantity') },
    {
      id: 'amount',
      header: t('common.amount'),
      accessorFn: (o) => `${o.amount} ${o.asset}`,
      cell: (c) => format.money(c.row.original.amount, c.row.original.asset),
    },
    { accessorKey: 'status', header: t('common.status'), cell: (c) => t(`shop.order.${c.row.original.status}`) },
    {
      id: 'address',
      header: t('shop.address'),
      accessorFn: (o) => (o.address ? `${o.address.name} ${o.address.phone} ${o.address.region} ${o.address.detail}` : ''),
    },
    { id: 'shipping', header: t('shop.shipping'), accessorFn: (o) => (o.carrier ? `${o.carrier} ${o.tracking_no ?? ''}` : '') },
    { accessorKey: 'created_at', header: t('common.created') },
    {
      id: 'actions',
      header: t('common.actions'),
      cell: ({ row: { original: o } }) =>
        o.status === 'unshipped' && o.kind === 'physical' ? (
          <div className="row-actions" data-testid={`order-${o.id}`}>
            <Action
              label={t('shop.ship')}
              endpoint={shopApi.adminShipOrder}
              fields={
                <>
                  <Field label={t('shop.carrier')} name="carrier" required maxLength={60} />
                  <Field label={t('shop.trackingNo')} name="tracking_no" required pattern="^[A-Za-z0-9\-]{4,40}$" />
                </>
              }
              confirm={(form) => `${t('shop.ship')} ${o.order_no} → ${String(form.get('carrier'))} ${String(form.get('tracking_no'))}`}
              run={async (form) => {
                await call(shopApi.adminShipOrder, {
                  params: { id: o.id },
                  body: { carrier: String(form.get('carrier')).trim(), tracking_no: String(form.get('tracking_no')).trim() },
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
      <h2>{t('shop.orders')}</h2>
      <DataTable
        name="shop-orders"
        columns={columns}
        {...table}
        sorting={{ ...sorting, columns: shopApi.ORDER_SORTS }}
        toolbar={
          <FilterSelect
            value={status}
            onChange={setStatus}
            values={shopApi.ORDER_FILTERS}
            show={(s) => (s === 'all' ? t('common.all') : t(`shop.order.${s}`))}
            all={false}
            testId="order-status-filter"
          />
        }
      />
    </>
  );
}

function Shop() {
  const t = useT();
  return (
    <>
      <h1>{t('nav.shop')}</h1>
      <GoodsTable />
      <OrdersTable />
    </>
  );
}

export const page: ConsolePage = { path: '/shop', group: 'configuration', order: 21, title: 'nav.shop', reads: shopApi.adminListGoods, component: Shop };
