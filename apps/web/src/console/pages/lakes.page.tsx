/**
 * The lakes (spec §2 "Lake"): every pool as the app lists it (GET /api/lakes answers closed lakes too), opened or
 * closed and its fee and burn share changed, a new lake seeded. Seeding moves reserves out of the adjustment account
 * and a closed main lake stops the exchange, so both ask for a second confirmation.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { ASSET_KEYS, consoleApi, marketApi, type AssetKey, type Lake } from '@reef/contract';
import { call } from '../api';
import { Action, Check, Field, formText, Select } from '../components/action';
import { DataTable } from '../components/data-table';
import { useT, type Translate } from '../i18n';
import type { ConsolePage } from '../registry';

/** A rate or share: 0 to 1, at most 8 places (the contract's own check). */
const RATE_PATTERN = '^(0(\\.\\d{1,8})?|1(\\.0{1,8})?)$';
const AMOUNT_PATTERN = '^\\d+(\\.\\d{1,8})?$';

const yesNo = (t: Translate, value: boolean) => (value ? t('users.yes') : t('users.no'));

function EditFields({ lake, t }: { lake: Lake; t: Translate }) {
  return (
    <>
      <Check label={t('lakes.open')} name="open" checked={lake.open} />
      <Field label={t('lakes.feeRate')} name="fee_rate" defaultValue={lake.fee_rate} required pattern={RATE_PATTERN} inputMode="decimal" />
      <Field label={t('lakes.burnShare')} name="burn_share" defaultValue={lake.burn_share} required pattern={RATE_PATTERN} inputMode="decimal" />
    </>
  );
}

function CreateFields({ t }: { t: Translate }) {
  return (
    <>
      <Select label={t('lakes.base')} name="base" values={ASSET_KEYS} value="coin" />
      <Select label={t('lakes.quote')} name="quote" values={ASSET_KEYS} value="usdt" />
      <Field label={t('lakes.reserveBase')} name="reserve_base" required pattern={AMOUNT_PATTERN} inputMode="decimal" />
      <Field label={t('lakes.reserveQuote')} name="reserve_quote" required pattern={AMOUNT_PATTERN} inputMode="decimal" />
      <Field label={t('lakes.feeRate')} name="fee_rate" defaultValue="0.003" required pattern={RATE_PATTERN} inputMode="decimal" />
      <Field label={t('lakes.burnShare')} name="burn_share" defaultValue="0" required pattern={RATE_PATTERN} inputMode="decimal" />
      <Check label={t('lakes.main')} name="main" />
    </>
  );
}

function Lakes() {
  const t = useT();
  const queryClient = useQueryClient();
  const lakes = useQuery({ queryKey: ['lakes'], queryFn: () => call(marketApi.listLakes) });
  const refresh = () => queryClient.invalidateQueries();
  const columns: ColumnDef<Lake, unknown>[] = [
    { accessorKey: 'id', header: 'id' },
    { id: 'pair', header: t('lakes.pair'), accessorFn: (l) => `${l.base_symbol}/${l.quote_symbol}` },
    { accessorKey: 'price', header: t('lakes.price') },
    { accessorKey: 'reserve_base', header: t('lakes.reserveBase') },
    { accessorKey: 'reserve_quote', header: t('lakes.reserveQuote') },
    { accessorKey: 'fee_rate', header: t('lakes.feeRate') },
    { accessorKey: 'burn_share', header: t('lakes.burnShare') },
    { accessorKey: 'volume_24h_quote', header: t('lakes.volume') },
    { accessorKey: 'change_24h', header: t('lakes.change'), cell: (c) => (c.row.original.change_24h === null ? '—' : `${c.row.original.change_24h}%`) },
    { accessorKey: 'open', header: t('lakes.open'), cell: (c) => yesNo(t, c.row.original.open) },
    { accessorKey: 'main', header: t('lakes.main'), cell: (c) => yesNo(t, c.row.original.main) },
    {
      id: 'actions',
      header: t('common.actions'),
      cell: ({ row: { original: lake } }) => (
        <div className="row-actions" data-testid={`lake-${lake.id}`}>
          <Action
            label={t('articles.edit')}
            variant="ghost"
            endpoint={marketApi.adminUpdateLake}
            fields={<EditFields lake={lake} t={t} />}
            confirm={(form) =>
              t('lakes.confirmEdit', {
                pair: `${lake.base_symbol}/${lake.quote_symbol}`,
                open: yesNo(t, form.get('open') === 'on'),
                fee: formText(form, 'fee_rate'),
                burn: formText(form, 'burn_share'),
              })
            }
            run={async (form) => {
              await call(marketApi.adminUpdateLake, {
                params: { id: lake.id },
                body: { open: form.get('open') === 'on', fee_rate: formText(form, 'fee_rate'), burn_share: formText(form, 'burn_share') },
              });
              await refresh();
            }}
          />
        </div>
      ),
    },
  ];
  return (
    <>
      <h1>{t('nav.lakes')}</h1>
      <p className="note">{t('config.readOnlyNote')}</p>
      <Action
        label={t('lakes.create')}
        endpoint={marketApi.adminCreateLake}
        testId="create-lake"
        fields={<CreateFields t={t} />}
        confirm={(form) =>
          t('lakes.confirmCreate', {
            base: `${formText(form, 'reserve_base')} ${formText(form, 'base')}`,
            quote: `${formText(form, 'reserve_quote')} ${formText(form, 'quote')}`,
          })
        }
        run={async (form) => {
          await call(marketApi.adminCreateLake, {
            body: {
              base: formText(form, 'base') as AssetKey,
              quote: formText(form, 'quote') as AssetKey,
              reserve_base: formText(form, 'reserve_base'),
              reserve_quote: formText(form, 'reserve_quote'),
              fee_rate: formText(form, 'fee_rate'),
              burn_share: formText(form, 'burn_share'),
              main: form.get('main') === 'on',
            },
          });
          await refresh();
        }}
      />
      <DataTable name="lakes" columns={columns} rows={lakes.data?.list} error={lakes.error} />
    </>
  );
}

export const page: ConsolePage = { path: '/lakes', group: 'configuration', order: 0, title: 'nav.lakes', reads: consoleApi.adminDashboard, component: Lakes };
