/**
 * The sessions tab: every sale session by type and stored state, a new one, an edit or cancellation before it
 * starts, and opening or closing one now (closing releases its waiting orders, so it asks a second time).
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { cardsApi } from '@reef/contract';
import { call } from '../../api';
import { Action, WholeField } from '../../components/action';
import { DataTable } from '../../components/data-table';
import { FilterSelect } from '../../components/filter-select';
import { utcInstant, UtcTimeField } from '../../components/utc-time';
import { usePaged } from '../../components/use-paged';
import { useConsoleFormat } from '../../components/format';
import { useT } from '../../i18n';
import { idOrUndefined, TypeFilter, TypeSelect, useTypeName } from './shared';

type Session = cardsApi.AdminCardSession;
type StoredState = Session['stored_state'];

export function Sessions() {
  const t = useT();
  const format = useConsoleFormat();
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
    { accessorKey: 'opens_at', header: t('cards.opensAt') },
    { accessorKey: 'closes_at', header: t('cards.closesAt') },
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
        const label = `#${s.id} ${typeName(s.card_type_id)} ${format.dateTime(s.opens_at)} – ${format.dateTime(s.closes_at)}`;
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
                  <WholeField label={t('cards.stock')} name="stock" min={s.sold} max={10_000_000} value={s.stock} required />
                  <WholeField label={t('cards.perUserCap')} name="per_user_cap" max={1_000_000} value={s.per_user_cap} required />
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
              <WholeField label={t('cards.stock')} name="stock" min={0} max={10_000_000} required />
              <WholeField label={t('cards.perUserCapDefault')} name="per_user_cap" max={1_000_000} />
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
