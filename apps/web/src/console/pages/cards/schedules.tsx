/**
 * The weekly schedules tab: weekdays, an opening time (UTC) and a duration a schedule writes sessions ahead by; a
 * new schedule, an edit, and stopping one.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { cardsApi } from '@reef/contract';
import { call } from '../../api';
import { Action, Check, Field } from '../../components/action';
import { DataTable } from '../../components/data-table';
import { useT, type Translate } from '../../i18n';
import { TypeSelect, useTypeName } from './shared';

type Schedule = cardsApi.CardSchedule;

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** The schedule's whole-number fields with their bounds; a new schedule may leave the per-user cap to the type's. */
function wholeNumberFields(schedule: Schedule | undefined, t: Translate) {
  return [
    { label: t('cards.durationMinutes'), name: 'duration_minutes', min: 1, max: 1440, defaultValue: schedule?.duration_minutes, required: true },
    { label: t('cards.stock'), name: 'stock', min: 0, max: 10_000_000, defaultValue: schedule?.stock, required: true },
    {
      label: schedule ? t('cards.perUserCap') : t('cards.perUserCapDefault'),
      name: 'per_user_cap',
      min: 1,
      max: 1_000_000,
      defaultValue: schedule?.per_user_cap,
      required: Boolean(schedule),
    },
  ];
}

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
      {wholeNumberFields(schedule, t).map((field) => (
        <Field key={field.name} type="number" step={1} {...field} />
      ))}
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

export function Schedules() {
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
    { accessorKey: 'materialised_until', header: t('cards.materialisedUntil') },
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
