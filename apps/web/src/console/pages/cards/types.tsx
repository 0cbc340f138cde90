/**
 * The card types tab: every type with its rules, a new type, an edit (names in six languages, prices, rates in
 * basis points, the holding and listing windows, the per-user cap, active or hidden).
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { cardsApi, LANGUAGES } from '@reef/contract';
import { call } from '../../api';
import { Action, Check, Field, WholeField } from '../../components/action';
import { DataTable } from '../../components/data-table';
import { useT, type ConsoleKey, type Translate } from '../../i18n';
import { AMOUNT, CENTS, short, useCardTypes } from './shared';

type CardType = cardsApi.AdminCardType;

function TypeFields({ type, t }: { type?: CardType; t: Translate }) {
  const bp = (name: keyof CardType, label: ConsoleKey, max = 10_000, required = true) => (
    <WholeField label={t(label)} name={name} min={0} max={max} value={type ? (type[name] as number) : undefined} required={required} />
  );
  return (
    <>
      <Field label={t('cards.name')} name="name" defaultValue={type?.name} required maxLength={40} />
      <fieldset className="article-text">
        <legend>{t('cards.names')}</legend>
        {LANGUAGES.map((language) => (
          <Field key={language.code} label={language.label} name={`name:${language.code}`} defaultValue={type?.names[language.code] ?? ''} maxLength={40} />
        ))}
      </fieldset>
      <Field
        label={t('products.image')}
        name="image"
        defaultValue={type?.image}
        pattern="^(/uploads/[0-9a-f]{64}\.(png|jpg|gif|webp))?$"
        placeholder="/uploads/….png"
      />
      <Field label={t('cards.startPrice')} name="start_price" defaultValue={short(type?.start_price)} required inputMode="decimal" pattern={CENTS} />
      {bp('price_step_bp', 'cards.priceStepBp', 100_000)}
      {bp('fuel_fee_bp', 'cards.fuelFeeBp')}
      <Field label={t('cards.tradePoints')} name="trade_points" defaultValue={short(type?.trade_points) || '0'} required inputMode="decimal" pattern={AMOUNT} />
      <WholeField label={t('cards.holdDays')} name="hold_days" min={0} max={3650} value={type?.hold_days} required />
      <WholeField label={t('cards.listWindowDays')} name="list_window_days" max={3650} value={type?.list_window_days} required />
      {bp('platform_fee_bp', 'cards.platformFeeBp')}
      {bp('obtainable_bp', 'cards.obtainableBp', 10_000, false)}
      {bp('renewal_fee_bp', 'cards.renewalFeeBp')}
      <WholeField label={t('cards.perUserCap')} name="per_user_cap" max={1_000_000} value={type?.per_user_cap ?? 1} required />
      <WholeField label={t('cards.sort')} name="sort" min={-1_000_000} max={1_000_000} value={type?.sort ?? 0} required />
      <Check label={t('cards.active')} name="active" checked={type?.active ?? true} />
    </>
  );
}

function typeBody(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const names = Object.fromEntries(LANGUAGES.map((l) => [l.code, text(`name:${l.code}`)]).filter(([, name]) => name));
  return {
    name: text('name'),
    names,
    image: text('image'),
    start_price: text('start_price'),
    price_step_bp: Number(text('price_step_bp')),
    fuel_fee_bp: Number(text('fuel_fee_bp')),
    trade_points: text('trade_points'),
    hold_days: Number(text('hold_days')),
    list_window_days: Number(text('list_window_days')),
    platform_fee_bp: Number(text('platform_fee_bp')),
    // Empty: the server takes 10000 − the platform fee.
    ...(text('obtainable_bp') && { obtainable_bp: Number(text('obtainable_bp')) }),
    renewal_fee_bp: Number(text('renewal_fee_bp')),
    per_user_cap: Number(text('per_user_cap')),
    sort: Number(text('sort')),
    active: form.get('active') === 'on',
  };
}

export function Types() {
  const t = useT();
  const queryClient = useQueryClient();
  const types = useCardTypes();
  const [q, setQ] = useState('');
  const refresh = () => queryClient.invalidateQueries();
  const rows = types.data?.list.filter((type) => !q.trim() || type.name.toLowerCase().includes(q.trim().toLowerCase()) || String(type.id) === q.trim());
  const columns: ColumnDef<CardType, unknown>[] = [
    { accessorKey: 'id', header: 'id' },
    { accessorKey: 'name', header: t('cards.name') },
    { accessorKey: 'start_price', header: t('cards.startPrice') },
    { accessorKey: 'price_step_bp', header: t('cards.priceStepBp') },
    { accessorKey: 'fuel_fee_bp', header: t('cards.fuelFeeBp') },
    { accessorKey: 'trade_points', header: t('cards.tradePoints') },
    { accessorKey: 'hold_days', header: t('cards.holdDays') },
    { accessorKey: 'list_window_days', header: t('cards.listWindowDays') },
    { accessorKey: 'platform_fee_bp', header: t('cards.platformFeeBp') },
    { accessorKey: 'obtainable_bp', header: t('cards.obtainableBp') },
    { accessorKey: 'renewal_fee_bp', header: t('cards.renewalFeeBp') },
    { accessorKey: 'per_user_cap', header: t('cards.perUserCap') },
    { accessorKey: 'sort', header: t('cards.sort') },
    { accessorKey: 'active', header: t('cards.active'), cell: (c) => (c.row.original.active ? t('users.yes') : t('users.no')) },
    {
      id: 'actions',
      header: t('common.actions'),
      cell: ({ row: { original: type } }) => (
        <div className="row-actions" data-testid={`card-type-${type.id}`}>
          <Action
            label={t('articles.edit')}
            variant="ghost"
            endpoint={cardsApi.adminUpdateCardType}
            fields={<TypeFields type={type} t={t} />}
            run={async (form) => {
              await call(cardsApi.adminUpdateCardType, { params: { id: type.id }, body: typeBody(form) });
              await refresh();
            }}
          />
        </div>
      ),
    },
  ];
  return (
    <>
      <p className="note">{t('cards.typesNote')}</p>
      <div className="actions">
        <Action
          label={t('cards.createType')}
          endpoint={cardsApi.adminCreateCardType}
          testId="create-card-type"
          fields={<TypeFields t={t} />}
          run={async (form) => {
            await call(cardsApi.adminCreateCardType, { body: typeBody(form) });
            await refresh();
          }}
        />
      </div>
      <DataTable
        name="card-types"
        columns={columns}
        rows={rows}
        error={types.error}
        toolbar={<input type="search" placeholder={t('products.find')} aria-label={t('products.find')} value={q} onChange={(e) => setQ(e.target.value)} />}
      />
    </>
  );
}
