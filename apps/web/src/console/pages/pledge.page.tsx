/**
 * Pledge products (issue 16; decision 057): the locked-position products users see on the app's pledge page,
 * created, edited and set active, paused or closed (closed is for good, so it asks twice); the interest and
 * principal the platform still owes. The server refuses terms that do not fit together (PRODUCT_TERMS_INVALID);
 * edits apply to later locks only.
 */
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { ASSET_KEYS, pledgeApi } from '@reef/contract';
import { call } from '../api';
import { Field, Select, WholeField } from '../components/action';
import { DataTable } from '../components/data-table';
import { ProductTable } from '../components/product-table';
import { utcInstant, UtcTimeField } from '../components/utc-time';
import { useConsoleFormat } from '../components/format';
import { useT, type Translate } from '../i18n';
import type { ConsolePage } from '../registry';

type PledgeProduct = pledgeApi.PledgeProduct;
type Status = PledgeProduct['status'];
const AMOUNT = '^\\d+(\\.\\d{1,8})?$';
const RATE = '^(0|[1-9]\\d{0,3})(\\.\\d{1,8})?$';

function ProductFields({ product, t }: { product?: PledgeProduct; t: Translate }) {
  return (
    <>
      <Field label={t('products.name')} name="name" defaultValue={product?.name} required maxLength={60} />
      <Field label={t('pledge.productType')} name="product_type" defaultValue={product?.product_type} required maxLength={30} />
      <Select label={t('pledge.asset')} name="asset" values={ASSET_KEYS} value={product?.asset ?? 'usdt'} />
      <Select label={t('pledge.interestAsset')} name="interest_asset" values={ASSET_KEYS} value={product?.interest_asset ?? 'usdt'} />
      <WholeField label={t('pledge.cycleDays')} name="cycle_days" max={3650} value={product?.cycle_days} required />
      <Field label={t('pledge.annualRate')} name="annual_rate" defaultValue={product?.annual_rate} required inputMode="decimal" pattern={RATE} />
      <Field label={t('pledge.minLock')} name="min_lock" defaultValue={product?.min_lock} required inputMode="decimal" pattern={AMOUNT} />
      <Field label={t('pledge.maxPerUser')} name="max_per_user" defaultValue={product?.max_per_user} required inputMode="decimal" pattern={AMOUNT} />
      <Field label={t('pledge.totalCap')} name="total_cap" defaultValue={product?.total_cap} required inputMode="decimal" pattern={AMOUNT} />
      <Field label={t('pledge.feeRate')} name="fee_rate" defaultValue={product?.fee_rate ?? '0'} required inputMode="decimal" pattern={RATE} />
      <UtcTimeField label={t('pledge.saleStartsAt')} name="sale_starts_at" value={product?.sale_starts_at} required />
      <UtcTimeField label={t('pledge.saleEndsAt')} name="sale_ends_at" value={product?.sale_ends_at} required />
      <UtcTimeField label={t('pledge.dividendAt')} name="dividend_at" value={product?.dividend_at} required />
      <WholeField label={t('pledge.releaseDays')} name="release_days" min={0} max={3650} value={product?.release_days ?? 0} required />
      {!product && (
        <Select
          label={t('common.status')}
          name="status"
          values={pledgeApi.PLEDGE_PRODUCT_STATUSES}
          value="active"
          show={(v) => t(`pledge.status.${v as Status}`)}
        />
      )}
    </>
  );
}

function productBody(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  return {
    name: text('name'),
    product_type: text('product_type'),
    asset: text('asset') as PledgeProduct['asset'],
    interest_asset: text('interest_asset') as PledgeProduct['interest_asset'],
    cycle_days: Number(text('cycle_days')),
    annual_rate: text('annual_rate'),
    min_lock: text('min_lock'),
    max_per_user: text('max_per_user'),
    total_cap: text('total_cap'),
    fee_rate: text('fee_rate'),
    sale_starts_at: utcInstant(text('sale_starts_at')),
    sale_ends_at: utcInstant(text('sale_ends_at')),
    dividend_at: utcInstant(text('dividend_at')),
    release_days: Number(text('release_days')),
  };
}

function Products() {
  const t = useT();
  const format = useConsoleFormat();
  const products = useQuery({ queryKey: ['pledge-products'], queryFn: () => call(pledgeApi.adminListPledgeProducts) });
  const columns: ColumnDef<PledgeProduct, unknown>[] = [
    { accessorKey: 'product_type', header: t('pledge.productType') },
    {
      id: 'assets',
      header: `${t('pledge.asset')} → ${t('pledge.interestAsset')}`,
      accessorFn: (p) => `${format.symbol(p.asset)} → ${format.symbol(p.interest_asset)}`,
    },
    { accessorKey: 'cycle_days', header: t('pledge.cycleDays') },
    { accessorKey: 'annual_rate', header: t('pledge.annualRate') },
    {
      id: 'lock',
      header: `${t('pledge.minLock')} – ${t('pledge.maxPerUser')}`,
      accessorFn: (p) => `${p.min_lock} – ${p.max_per_user}`,
      cell: (c) => `${format.amount(c.row.original.min_lock)} – ${format.amount(c.row.original.max_per_user)}`,
    },
    {
      id: 'cap',
      header: t('pledge.lockedOfCap'),
      accessorFn: (p) => `${p.locked_total} / ${p.total_cap}`,
      cell: (c) => `${format.amount(c.row.original.locked_total)} / ${format.amount(c.row.original.total_cap)}`,
    },
    { accessorKey: 'fee_rate', header: t('pledge.feeRate') },
    {
      id: 'sale',
      header: `${t('pledge.saleStartsAt')} – ${t('pledge.saleEndsAt')}`,
      accessorFn: (p) => `${p.sale_starts_at} – ${p.sale_ends_at}`,
      cell: (c) => `${format.dateTime(c.row.original.sale_starts_at)} – ${format.dateTime(c.row.original.sale_ends_at)}`,
    },
    {
      id: 'interest',
      header: `${t('pledge.dividendAt')} – ${t('pledge.unlockAt')}`,
      accessorFn: (p) => `${p.dividend_at} – ${p.unlock_at}`,
      cell: (c) => `${format.dateTime(c.row.original.dividend_at)} – ${format.dateTime(c.row.original.unlock_at)}`,
    },
    { accessorKey: 'release_days', header: t('pledge.releaseDays') },
    { accessorKey: 'state', header: t('pledge.state'), cell: (c) => t(`pledge.state.${c.row.original.state}`) },
  ];
  return (
    <ProductTable
      name="pledge"
      rows={products.data?.list}
      error={products.error}
      statuses={pledgeApi.PLEDGE_PRODUCT_STATUSES}
      statusLabel={(s) => t(`pledge.status.${s}`)}
      columns={columns}
      searchText={(p) => p.product_type}
      fields={(product) => <ProductFields product={product} t={t} />}
      endpoints={{ create: pledgeApi.adminCreatePledgeProduct, edit: pledgeApi.adminEditPledgeProduct, setStatus: pledgeApi.adminSetPledgeProductStatus }}
      create={(form) => call(pledgeApi.adminCreatePledgeProduct, { body: { ...productBody(form), status: String(form.get('status')) as Status } })}
      edit={(p, form) => call(pledgeApi.adminEditPledgeProduct, { params: { id: p.id }, body: productBody(form) })}
      setStatus={(p, status) => call(pledgeApi.adminSetPledgeProductStatus, { params: { id: p.id }, body: { status } })}
    />
  );
}

type Owed = { kind: 'interest' | 'principal'; asset: string; amount: string };

function Outstanding() {
  const t = useT();
  const format = useConsoleFormat();
  const owed = useQuery({ queryKey: ['pledge-outstanding'], queryFn: () => call(pledgeApi.adminPledgeOutstanding) });
  const rows: Owed[] | undefined = owed.data && [
    ...owed.data.interest.map((r) => ({ kind: 'interest' as const, ...r })),
    ...owed.data.principal.map((r) => ({ kind: 'principal' as const, ...r })),
  ];
  const columns: ColumnDef<Owed, unknown>[] = [
    { accessorKey: 'kind', header: t('pledge.owedKind'), cell: (c) => t(`pledge.owed.${c.row.original.kind}`) },
    { accessorKey: 'asset', header: t('common.asset'), cell: (c) => format.symbol(c.row.original.asset) },
    { accessorKey: 'amount', header: t('common.amount') },
  ];
  return (
    <>
      <h2>{t('products.outstanding')}</h2>
      {owed.data && (
        <p className="note" data-testid="pledge-positions">
          {t('pledge.positions', { count: owed.data.positions })}
        </p>
      )}
      <DataTable name="pledge-outstanding" columns={columns} rows={rows} error={owed.error} />
    </>
  );
}

function Pledge() {
  const t = useT();
  return (
    <>
      <h1>{t('nav.pledge')}</h1>
      <p className="note">{t('pledge.note')}</p>
      <Products />
      <Outstanding />
    </>
  );
}

export const page: ConsolePage = {
  path: '/pledge',
  group: 'configuration',
  order: 2,
  title: 'nav.pledge',
  reads: pledgeApi.adminListPledgeProducts,
  component: Pledge,
};
