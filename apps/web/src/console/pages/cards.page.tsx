/**
 * Cards (issue 16; decisions 050–054): card types, their sale sessions and weekly schedules, the platform's default
 * split rule, and the buy orders and matches of the market. One tab a part, in the hash (`#/cards/sessions`), so a
 * link opens the right one. Cancelling a waiting order refunds its reservation, and closing a session releases its
 * waiting orders: both ask a second time.
 */
import { useState } from 'react';
import type * as z from 'zod/mini';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { cardsApi, LANGUAGES } from '@reef/contract';
import { call } from '../api';
import { Action, Field, Select, Check } from '../components/action';
import { DataTable } from '../components/data-table';
import { FilterSelect } from '../components/filter-select';
import { utcInstant, utcShort, UtcTimeField } from '../components/utc-time';
import { usePaged } from '../components/use-paged';
import { useT, type ConsoleKey, type Translate } from '../i18n';
import type { ConsolePage } from '../registry';

type CardType = cardsApi.AdminCardType;
type Session = cardsApi.AdminCardSession;
type Schedule = cardsApi.CardSchedule;
type Order = z.infer<typeof cardsApi.adminCardOrder>;
type Match = z.infer<typeof cardsApi.adminCardMatch>;
type StoredState = Session['stored_state'];

const TABS = ['types', 'sessions', 'schedules', 'split', 'orders', 'matches'] as const;
type Tab = (typeof TABS)[number];
const CENTS = '^\\d+(\\.\\d{1,2})?$';
const AMOUNT = '^\\d+(\\.\\d{1,8})?$';
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** "10.00000000" → "10": card prices are typed in cents at most. */
function short(amount: string | null | undefined): string {
  if (!amount) return '';
  return amount.includes('.') ? amount.replace(/0+$/, '').replace(/\.$/, '') : amount;
}

const uidLink = (uid: number | null) => (uid ? <a href={`#/users/${uid}`}>{uid}</a> : '—');
const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

function useCardTypes() {
  return useQuery({ queryKey: ['card-types'], queryFn: () => call(cardsApi.adminListCardTypes) });
}

/** The type's name by id, for the lists that carry only `card_type_id`. */
function useTypeName() {
  const types = useCardTypes();
  return (id: number) => types.data?.list.find((type) => type.id === id)?.name ?? `#${id}`;
}

function TypeSelect({ name, label, value }: { name: string; label: string; value?: number }) {
  const types = useCardTypes();
  return (
    <label className="field">
      <span>{label}</span>
      <select name={name} defaultValue={value === undefined ? undefined : String(value)} required>
        {types.data?.list.map((type) => (
          <option key={type.id} value={type.id}>
            {type.name} (#{type.id})
          </option>
        ))}
      </select>
    </label>
  );
}

/** A filter of a paged list: the card type (all by default). */
function TypeFilter({ value, onChange, testId }: { value: string; onChange: (v: string) => void; testId: string }) {
  const t = useT();
  const types = useCardTypes();
  return (
    <label>
      {t('cards.type')}{' '}
      <select value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        <option value="">{t('common.all')}</option>
        {types.data?.list.map((type) => (
          <option key={type.id} value={type.id}>
            {type.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function IdFilter({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return <input type="search" inputMode="numeric" placeholder={label} aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} size={8} />;
}

const idOrUndefined = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : undefined);

// ───────────────────────────── card types ─────────────────────────────

function TypeFields({ type, t }: { type?: CardType; t: Translate }) {
  const bp = (name: keyof CardType, label: ConsoleKey, max = 10_000, required = true) => (
    <Field label={t(label)} name={name} type="number" min={0} max={max} step={1} defaultValue={type ? (type[name] as number) : undefined} required={required} />
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
      <Field label={t('cards.holdDays')} name="hold_days" type="number" min={0} max={3650} step={1} defaultValue={type?.hold_days} required />
      <Field
        label={t('cards.listWindowDays')}
        name="list_window_days"
        type="number"
        min={1}
        max={3650}
        step={1}
        defaultValue={type?.list_window_days}
        required
      />
      {bp('platform_fee_bp', 'cards.platformFeeBp')}
      {bp('obtainable_bp', 'cards.obtainableBp', 10_000, false)}
      {bp('renewal_fee_bp', 'cards.renewalFeeBp')}
      <Field label={t('cards.perUserCap')} name="per_user_cap" type="number" min={1} max={1_000_000} step={1} defaultValue={type?.per_user_cap ?? 1} required />
      <Field label={t('cards.sort')} name="sort" type="number" min={-1_000_000} max={1_000_000} step={1} defaultValue={type?.sort ?? 0} required />
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

function Types() {
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

// ───────────────────────────── sessions ─────────────────────────────

function Sessions() {
  const t = useT();
  const queryClient = useQueryClient();
  const typeName = useTypeName();
  const [type, setType] = useState('');
  const [state, setState] = useState('');
  const { data, table } = usePaged(cardsApi.adminListSessions, { type: idOrUndefined(type), state: state || undefined });
  const refresh = () => queryClient.invalidateQueries();
  const stored = (s: StoredState) => t(`cards.stored.${s}`);
  const columns: ColumnDef<Session, unknown>[] = [
    { accessorKey: 'id', header: 'id' },
    { id: 'type', header: t('cards.type'), accessorFn: (s) => typeName(s.card_type_id) },
    { accessorKey: 'opens_at', header: t('cards.opensAt'), cell: (c) => utcShort(c.row.original.opens_at) },
    { accessorKey: 'closes_at', header: t('cards.closesAt'), cell: (c) => utcShort(c.row.original.closes_at) },
    { accessorKey: 'state', header: t('cards.clockState'), cell: (c) => t(`cards.state.${c.row.original.state}`) },
    { accessorKey: 'stored_state', header: t('common.status'), cell: (c) => stored(c.row.original.stored_state) },
    { accessorKey: 'stock', header: t('cards.stock') },
    { accessorKey: 'sold', header: t('cards.sold') },
    { accessorKey: 'left', header: t('cards.left') },
    { accessorKey: 'per_user_cap', header: t('cards.perUserCap') },
    { accessorKey: 'schedule_id', header: t('cards.schedule'), cell: (c) => c.row.original.schedule_id ?? '—' },
    {
      id: 'actions',
      header: t('common.actions'),
      cell: ({ row: { original: s } }) => {
        const ended = s.stored_state === 'closed' || s.stored_state === 'cancelled' || s.state === 'closed';
        const label = `#${s.id} ${typeName(s.card_type_id)} ${utcShort(s.opens_at)} – ${utcShort(s.closes_at)} UTC`;
        return ended ? null : (
          <div className="row-actions" data-testid={`session-${s.id}`}>
            <Action
              label={t('articles.edit')}
              variant="ghost"
              endpoint={cardsApi.adminUpdateSession}
              fields={
                <>
                  {s.state === 'not_started' && <UtcTimeField label={t('cards.opensAt')} name="opens_at" value={s.opens_at} required />}
                  <UtcTimeField label={t('cards.closesAt')} name="closes_at" value={s.closes_at} required />
                  <Field label={t('cards.stock')} name="stock" type="number" min={s.sold} max={10_000_000} step={1} defaultValue={s.stock} required />
                  <Field
                    label={t('cards.perUserCap')}
                    name="per_user_cap"
                    type="number"
                    min={1}
                    max={1_000_000}
                    step={1}
                    defaultValue={s.per_user_cap}
                    required
                  />
                </>
              }
              run={async (form) => {
                const opens = String(form.get('opens_at') ?? '');
                await call(cardsApi.adminUpdateSession, {
                  params: { id: s.id },
                  body: {
                    ...(opens && { opens_at: utcInstant(opens) }),
                    closes_at: utcInstant(String(form.get('closes_at'))),
                    stock: Number(form.get('stock')),
                    per_user_cap: Number(form.get('per_user_cap')),
                  },
                });
                await refresh();
              }}
            />
            {s.stored_state === 'scheduled' && (
              <Action
                label={t('cards.openNow')}
                endpoint={cardsApi.adminOpenSession}
                confirm={() => `${t('cards.openNow')}: ${label}`}
                run={async () => {
                  await call(cardsApi.adminOpenSession, { params: { id: s.id } });
                  await refresh();
                }}
              />
            )}
            <Action
              label={t('cards.closeNow')}
              variant="danger"
              endpoint={cardsApi.adminCloseSession}
              confirm={() => `${t('cards.closeNow')}: ${label} — ${t('cards.closeReleases')}`}
              run={async () => {
                await call(cardsApi.adminCloseSession, { params: { id: s.id } });
                await refresh();
              }}
            />
            {s.state === 'not_started' && (
              <Action
                label={t('cards.cancelSession')}
                variant="danger"
                endpoint={cardsApi.adminUpdateSession}
                confirm={() => `${t('cards.cancelSession')}: ${label}`}
                run={async () => {
                  await call(cardsApi.adminUpdateSession, { params: { id: s.id }, body: { cancelled: true } });
                  await refresh();
                }}
              />
            )}
          </div>
        );
      },
    },
  ];
  return (
    <>
      <p className="note">{t('cards.sessionsNote', { now: (data as { now?: string } | undefined)?.now ?? '' })}</p>
      <div className="actions">
        <Action
          label={t('cards.createSession')}
          endpoint={cardsApi.adminCreateSession}
          testId="create-session"
          fields={
            <>
              <TypeSelect name="card_type_id" label={t('cards.type')} />
              <UtcTimeField label={t('cards.opensAt')} name="opens_at" required />
              <UtcTimeField label={t('cards.closesAt')} name="closes_at" required />
              <Field label={t('cards.stock')} name="stock" type="number" min={0} max={10_000_000} step={1} required />
              <Field label={t('cards.perUserCapDefault')} name="per_user_cap" type="number" min={1} max={1_000_000} step={1} />
            </>
          }
          run={async (form) => {
            const cap = String(form.get('per_user_cap') ?? '').trim();
            await call(cardsApi.adminCreateSession, {
              body: {
                card_type_id: Number(form.get('card_type_id')),
                opens_at: utcInstant(String(form.get('opens_at'))),
                closes_at: utcInstant(String(form.get('closes_at'))),
                stock: Number(form.get('stock')),
                ...(cap && { per_user_cap: Number(cap) }),
              },
            });
            await refresh();
          }}
        />
      </div>
      <DataTable
        name="card-sessions"
        columns={columns}
        {...table}
        toolbar={
          <>
            <TypeFilter value={type} onChange={setType} testId="session-type-filter" />
            <FilterSelect
              label={t('common.status')}
              value={state}
              onChange={setState}
              values={['scheduled', 'open', 'closed', 'cancelled'] as const}
              show={stored}
              testId="session-state-filter"
            />
          </>
        }
      />
    </>
  );
}

// ───────────────────────────── schedules ─────────────────────────────

function ScheduleFields({ schedule, t }: { schedule?: Schedule; t: Translate }) {
  return (
    <>
      {!schedule && <TypeSelect name="card_type_id" label={t('cards.type')} />}
      <fieldset className="article-text">
        <legend>{t('cards.weekdays')}</legend>
        {WEEKDAYS.map((day) => (
          <Check key={day} label={t(`cards.weekday.${day}`)} name="weekdays" value={String(day)} checked={schedule?.weekdays.includes(day) ?? false} />
        ))}
      </fieldset>
      <label className="field">
        <span>{t('cards.openTime')}</span>
        <input type="time" name="open_time" defaultValue={schedule ? hhmm(schedule.open_minute) : undefined} required />
      </label>
      <Field
        label={t('cards.durationMinutes')}
        name="duration_minutes"
        type="number"
        min={1}
        max={1440}
        step={1}
        defaultValue={schedule?.duration_minutes}
        required
      />
      <Field label={t('cards.stock')} name="stock" type="number" min={0} max={10_000_000} step={1} defaultValue={schedule?.stock} required />
      <Field
        label={schedule ? t('cards.perUserCap') : t('cards.perUserCapDefault')}
        name="per_user_cap"
        type="number"
        min={1}
        max={1_000_000}
        step={1}
        defaultValue={schedule?.per_user_cap}
        required={Boolean(schedule)}
      />
      {schedule && <Check label={t('cards.active')} name="active" checked={schedule.active} />}
    </>
  );
}

function scheduleBody(form: FormData) {
  const [hours, minutes] = String(form.get('open_time') ?? '00:00')
    .split(':')
    .map(Number);
  const cap = String(form.get('per_user_cap') ?? '').trim();
  return {
    weekdays: form.getAll('weekdays').map(Number),
    open_minute: (hours ?? 0) * 60 + (minutes ?? 0),
    duration_minutes: Number(form.get('duration_minutes')),
    stock: Number(form.get('stock')),
    ...(cap && { per_user_cap: Number(cap) }),
  };
}

function Schedules() {
  const t = useT();
  const queryClient = useQueryClient();
  const typeName = useTypeName();
  const schedules = useQuery({ queryKey: ['card-schedules'], queryFn: () => call(cardsApi.adminListSchedules) });
  const refresh = () => queryClient.invalidateQueries();
  const columns: ColumnDef<Schedule, unknown>[] = [
    { accessorKey: 'id', header: 'id' },
    { id: 'type', header: t('cards.type'), accessorFn: (s) => typeName(s.card_type_id) },
    { id: 'weekdays', header: t('cards.weekdays'), accessorFn: (s) => s.weekdays.map((d) => t(`cards.weekday.${d as (typeof WEEKDAYS)[number]}`)).join(', ') },
    { id: 'open_time', header: t('cards.openTime'), accessorFn: (s) => hhmm(s.open_minute) },
    { accessorKey: 'duration_minutes', header: t('cards.durationMinutes') },
    { accessorKey: 'stock', header: t('cards.stock') },
    { accessorKey: 'per_user_cap', header: t('cards.perUserCap') },
    { accessorKey: 'active', header: t('cards.active'), cell: (c) => (c.row.original.active ? t('users.yes') : t('users.no')) },
    { accessorKey: 'materialised_until', header: t('cards.materialisedUntil'), cell: (c) => c.row.original.materialised_until ?? '—' },
    {
      id: 'actions',
      header: t('common.actions'),
      cell: ({ row: { original: s } }) => (
        <div className="row-actions" data-testid={`schedule-${s.id}`}>
          <Action
            label={t('articles.edit')}
            variant="ghost"
            endpoint={cardsApi.adminUpdateSchedule}
            fields={<ScheduleFields schedule={s} t={t} />}
            run={async (form) => {
              await call(cardsApi.adminUpdateSchedule, { params: { id: s.id }, body: { ...scheduleBody(form), active: form.get('active') === 'on' } });
              await refresh();
            }}
          />
        </div>
      ),
    },
  ];
  return (
    <>
      <p className="note">{t('cards.schedulesNote')}</p>
      <div className="actions">
        <Action
          label={t('cards.createSchedule')}
          endpoint={cardsApi.adminCreateSchedule}
          testId="create-schedule"
          fields={<ScheduleFields t={t} />}
          run={async (form) => {
            await call(cardsApi.adminCreateSchedule, { body: { card_type_id: Number(form.get('card_type_id')), ...scheduleBody(form) } });
            await refresh();
          }}
        />
      </div>
      <DataTable name="card-schedules" columns={columns} rows={schedules.data?.list} error={schedules.error} />
    </>
  );
}

// ───────────────────────────── split default ─────────────────────────────

function Split() {
  const t = useT();
  const queryClient = useQueryClient();
  const split = useQuery({ queryKey: ['card-split'], queryFn: () => call(cardsApi.adminGetSplitDefault) });
  const describe = (mode: string, threshold: string | null, amount: string | null) =>
    [
      t(`cards.split.${mode as 'none' | 'full' | 'auto'}`),
      threshold && `${t('cards.splitThreshold')} ${threshold}`,
      amount && `${t('cards.splitAmount')} ${amount}`,
    ]
      .filter(Boolean)
      .join(' · ');
  if (split.error) return <p className="state state--failed">{t('common.failed', { message: split.error.message })}</p>;
  if (!split.data) return <p className="state">{t('common.loading')}</p>;
  const current = split.data;
  return (
    <>
      <p className="note">{t('cards.splitNote')}</p>
      <p data-testid="split-default">{describe(current.mode, current.threshold, current.amount)}</p>
      <div className="actions">
        <Action
          label={t('articles.edit')}
          testId="edit-split"
          endpoint={cardsApi.adminSetSplitDefault}
          fields={
            <>
              <Select
                label={t('cards.splitMode')}
                name="mode"
                values={cardsApi.SPLIT_MODES}
                value={current.mode}
                show={(v) => t(`cards.split.${v as 'none'}`)}
              />
              <Field label={t('cards.splitThreshold')} name="threshold" defaultValue={short(current.threshold)} inputMode="decimal" pattern={CENTS} />
              <Field label={t('cards.splitAmount')} name="amount" defaultValue={short(current.amount)} inputMode="decimal" pattern={CENTS} />
            </>
          }
          confirm={(form) => describe(String(form.get('mode')), String(form.get('threshold') ?? '') || null, String(form.get('amount') ?? '') || null)}
          run={async (form) => {
            const mode = String(form.get('mode')) as 'none' | 'full' | 'auto';
            const threshold = String(form.get('threshold') ?? '').trim();
            const amount = String(form.get('amount') ?? '').trim();
            // Only what the mode uses is sent: none takes neither, full a threshold, auto both.
            await call(cardsApi.adminSetSplitDefault, {
              body: { mode, ...(mode !== 'none' && threshold && { threshold }), ...(mode === 'auto' && amount && { amount }) },
            });
            await queryClient.invalidateQueries();
          }}
        />
      </div>
    </>
  );
}

// ───────────────────────────── orders and matches ─────────────────────────────

function Orders() {
  const t = useT();
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
    { accessorKey: 'price', header: t('cards.price'), cell: (c) => c.row.original.price ?? '—' },
    { accessorKey: 'created_at', header: t('common.created') },
    { accessorKey: 'ended_at', header: t('cards.endedAt'), cell: (c) => c.row.original.ended_at ?? '—' },
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
                  rusd: o.reserved_rusd,
                  fuel: o.reserved_fuel,
                  trade: o.reserved_trade,
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

function Matches() {
  const t = useT();
  const typeName = useTypeName();
  const [type, setType] = useState('');
  const [session, setSession] = useState('');
  const [uid, setUid] = useState('');
  const { table } = usePaged(cardsApi.adminListMatches, {
    type: idOrUndefined(type),
    session: idOrUndefined(session),
    uid: idOrUndefined(uid),
  });
  const columns: ColumnDef<Match, unknown>[] = [
    { accessorKey: 'id', header: 'id' },
    { accessorKey: 'created_at', header: t('common.created') },
    { id: 'type', header: t('cards.type'), accessorFn: (m) => typeName(m.card_type_id) },
    { accessorKey: 'session_id', header: t('cards.session') },
    { accessorKey: 'card_id', header: t('cards.card') },
    { accessorKey: 'seller', header: t('cards.seller'), cell: (c) => uidLink(c.row.original.seller) },
    { accessorKey: 'buyer', header: t('cards.buyer'), cell: (c) => uidLink(c.row.original.buyer) },
    { accessorKey: 'price', header: t('cards.price') },
    { accessorKey: 'platform_fee', header: t('cards.platformFee') },
    { accessorKey: 'seller_obtained', header: t('cards.sellerObtained') },
    { accessorKey: 'fuel_fee', header: t('cards.fuelFee') },
    { accessorKey: 'trade_points', header: t('cards.tradePoints') },
    { accessorKey: 'entry_id', header: t('cards.entry') },
  ];
  return (
    <DataTable
      name="card-matches"
      columns={columns}
      {...table}
      toolbar={
        <>
          <TypeFilter value={type} onChange={setType} testId="match-type-filter" />
          <IdFilter label={t('cards.session')} value={session} onChange={setSession} />
          <IdFilter label="uid" value={uid} onChange={setUid} />
        </>
      }
    />
  );
}

const PARTS: Record<Tab, () => React.JSX.Element> = { types: Types, sessions: Sessions, schedules: Schedules, split: Split, orders: Orders, matches: Matches };

function Cards({ rest }: { rest: string }) {
  const t = useT();
  const tab: Tab = (TABS as readonly string[]).includes(rest) ? (rest as Tab) : 'types';
  const Part = PARTS[tab];
  return (
    <>
      <h1>{t('nav.cards')}</h1>
      <nav className="actions" aria-label={t('nav.cards')}>
        {TABS.map((name) => (
          <a
            key={name}
            href={`#/cards/${name}`}
            className={`btn ${name === tab ? 'btn--primary' : 'btn--ghost'}`}
            style={{ textDecoration: 'none' }}
            aria-current={name === tab ? 'page' : undefined}
          >
            {t(`cards.tab.${name}`)}
          </a>
        ))}
      </nav>
      <h2>{t(`cards.tab.${tab}`)}</h2>
      <Part />
    </>
  );
}

export const page: ConsolePage = {
  path: '/cards',
  group: 'configuration',
  order: 3,
  title: 'nav.cards',
  reads: cardsApi.adminListCardTypes,
  component: Cards,
};
