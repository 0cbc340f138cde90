/**
 * Mining products (issue 16; decision 057): the products users buy on the app's mining page, created, edited and
 * put on sale, paused or closed (closed is for good, so it asks twice); what the platform still owes its miners;
 * pausing one user's miner. Edits apply to later purchases only: a running miner keeps its terms.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { ASSET_KEYS, miningApi } from '@reef/contract';
import { call } from '../api';
import { Action, Field, Select, Check, WholeField } from '../components/action';
import { DataTable } from '../components/data-table';
import { ProductTable } from '../components/product-table';
import { useConsoleFormat } from '../components/format';
import { useT, type Translate } from '../i18n';
import type { ConsolePage } from '../registry';

type MiningProduct = miningApi.MiningProduct;
type Status = MiningProduct['status'];
const AMOUNT = '^\\d+(\\.\\d{1,8})?$';

function ProductFields({ product, t }: { product?: MiningProduct; t: Translate }) {
  return (
    <>
      <Field label={t('products.name')} name="name" defaultValue={product?.name} required maxLength={60} />
      <Field label={t('products.image')} name="image" defaultValue={product?.image} maxLength={300} placeholder="/uploads/….png" />
      <Field label={t('products.price')} name="price" defaultValue={product?.price} required inputMode="decimal" pattern={AMOUNT} />
      <Select label={t('products.priceAsset')} name="price_asset" values={ASSET_KEYS} value={product?.price_asset ?? 'usdt'} />
      <WholeField label={t('mining.periodDays')} name="period_days" max={3650} value={product?.period_days} required />
      <Field label={t('mining.multiple')} name="multiple" defaultValue={product?.multiple} required inputMode="decimal" pattern={AMOUNT} />
      <Field label={t('mining.dailyOutput')} name="daily_output" defaultValue={product?.daily_output} required inputMode="decimal" pattern={AMOUNT} />
      <Select label={t('mining.outputAsset')} name="output_asset" values={miningApi.MINING_OUTPUT_ASSETS} value={product?.output_asset} />
      <WholeField label={t('products.perUserLimit')} name="per_user_limit" max={1_000_000} value={product?.per_user_limit} />
      <WholeField label={t('mining.bubbleExpiryDays')} name="bubble_expiry_days" max={3650} value={product?.bubble_expiry_days ?? 7} required />
      <Check label={t('mining.oneAtATime')} name="one_at_a_time" checked={product?.one_at_a_time ?? false} />
      {!product && (
        <Select
          label={t('common.status')}
          name="status"
          values={miningApi.MINING_PRODUCT_STATUSES}
          value="on_sale"
          show={(v) => t(`mining.status.${v as Status}`)}
        />
      )}
    </>
  );
}

function productBody(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  return {
    name: text('name'),
    image: text('image'),
    price: text('price'),
    price_asset: text('price_asset') as MiningProduct['price_asset'],
    period_days: Number(text('period_days')),
    multiple: text('multiple'),
    daily_output: text('daily_output'),
    output_asset: text('output_asset') as MiningProduct['output_asset'],
    per_user_limit: text('per_user_limit') ? Number(text('per_user_limit')) : null,
    one_at_a_time: form.get('one_at_a_time') === 'on',
    bubble_expiry_days: Number(text('bubble_expiry_days')),
  };
}

function Products() {
  const t = useT();
  const format = useConsoleFormat();
  const products = useQuery({ queryKey: ['mining-products'], queryFn: () => call(miningApi.adminListMiningProducts) });
  const columns: ColumnDef<MiningProduct, unknown>[] = [
    {
      id: 'price',
      header: t('products.price'),
      accessorFn: (p) => `${p.price} ${p.price_asset}`,
      cell: (c) => format.money(c.row.original.price, c.row.original.price_asset),
    },
    { accessorKey: 'period_days', header: t('mining.periodDays') },
    { accessorKey: 'multiple', header: t('mining.multiple') },
    {
      id: 'daily_output',
      header: t('mining.dailyOutput'),
      accessorFn: (p) => `${p.daily_output} ${p.output_asset}`,
      cell: (c) => format.money(c.row.original.daily_output, c.row.original.output_asset),
    },
    { accessorKey: 'total_output', header: t('mining.totalOutput') },
    { accessorKey: 'per_user_limit', header: t('products.perUserLimit'), cell: (c) => c.row.original.per_user_limit ?? '—' },
    { accessorKey: 'one_at_a_time', header: t('mining.oneAtATime'), cell: (c) => (c.row.original.one_at_a_time ? t('users.yes') : t('users.no')) },
    { accessorKey: 'bubble_expiry_days', header: t('mining.bubbleExpiryDays') },
  ];
  return (
    <ProductTable
      name="mining"
      rows={products.data?.list}
      error={products.error}
      statuses={miningApi.MINING_PRODUCT_STATUSES}
      statusLabel={(s) => t(`mining.status.${s}`)}
      columns={columns}
      fields={(product) => <ProductFields product={product} t={t} />}
      endpoints={{ create: miningApi.adminCreateMiningProduct, edit: miningApi.adminEditMiningProduct, setStatus: miningApi.adminSetMiningProductStatus }}
      create={(form) => call(miningApi.adminCreateMiningProduct, { body: { ...productBody(form), status: String(form.get('status')) as Status } })}
      edit={(p, form) => call(miningApi.adminEditMiningProduct, { params: { id: p.id }, body: productBody(form) })}
      setStatus={(p, status) => call(miningApi.adminSetMiningProductStatus, { params: { id: p.id }, body: { status } })}
    />
  );
}

type Outstanding = { asset: string; future_output: string; uncollected: string; running_miners: number };

function Owed() {
  const t = useT();
  const format = useConsoleFormat();
  const owed = useQuery({ queryKey: ['mining-outstanding'], queryFn: () => call(miningApi.adminMiningOutstanding) });
  const columns: ColumnDef<Outstanding, unknown>[] = [
    { accessorKey: 'asset', header: t('common.asset'), cell: (c) => format.symbol(c.row.original.asset) },
    { accessorKey: 'future_output', header: t('mining.futureOutput') },
    { accessorKey: 'uncollected', header: t('mining.uncollected') },
    { accessorKey: 'running_miners', header: t('mining.runningMiners') },
  ];
  return (
    <>
      <h2>{t('products.outstanding')}</h2>
      <p className="note">{t('mining.outstandingNote')}</p>
      <DataTable name="mining-outstanding" columns={columns} rows={owed.data?.list} error={owed.error} />
    </>
  );
}

function PauseMiner() {
  const t = useT();
  const queryClient = useQueryClient();
  const [last, setLast] = useState<string | null>(null);
  return (
    <>
      <h2>{t('mining.miners')}</h2>
      <p className="note">{t('mining.pauseNote')}</p>
      <div className="actions">
        <Action
          label={t('mining.pauseMiner')}
          testId="pause-miner"
          variant="danger"
          endpoint={miningApi.adminPauseMiner}
          fields={
            <>
              <WholeField label={t('mining.minerId')} name="miner" required />
              <Select
                label={t('common.status')}
                name="paused"
                values={['true', 'false']}
                value="true"
                show={(v) => (v === 'true' ? t('mining.pause') : t('mining.resume'))}
              />
            </>
          }
          confirm={(form) => `${form.get('paused') === 'true' ? t('mining.pause') : t('mining.resume')}: ${t('mining.minerId')} ${String(form.get('miner'))}`}
          run={async (form) => {
            const { miner } = await call(miningApi.adminPauseMiner, {
              params: { id: Number(form.get('miner')) },
              body: { paused: form.get('paused') === 'true' },
            });
            setLast(`#${miner.id} ${miner.order_no} · uid ${miner.user_id} · ${miner.name} → ${t(`mining.minerState.${miner.state}`)}`);
            await queryClient.invalidateQueries();
          }}
        />
      </div>
      {last && (
        <p className="note" role="status" data-testid="miner-result">
          {last}
        </p>
      )}
    </>
  );
}

function Mining() {
  const t = useT();
  return (
    <>
      <h1>{t('nav.mining')}</h1>
      <p className="note">{t('mining.note')}</p>
      <Products />
      <Owed />
      <PauseMiner />
    </>
  );
}

export const page: ConsolePage = {
  path: '/mining',
  group: 'configuration',
  order: 1,
  title: 'nav.mining',
  reads: miningApi.adminListMiningProducts,
  component: Mining,
};
