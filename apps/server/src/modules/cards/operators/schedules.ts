/**
 * Weekly schedules (decision 051): an operator's "these weekdays at this minute, for this long", written ahead as
 * sessions with their open and close jobs for the next SCHEDULE_HORIZON_DAYS, by the periodic job and after every
 * change; a window that would overlap another session of the type is skipped.
 */
import type { CardSchedule } from '@reef/contract';
import * as clock from '../../../core/clock.js';
import { DomainError } from '../../../core/errors.js';
import type { Database } from '../../../db/client.js';
import * as repo from '../cards.repository.js';
import { enqueueSessionJobs, isoWeekday } from '../cards.service.js';
import { auditCardChange } from './audit.js';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** How far ahead a weekly schedule's sessions are written. */
export const SCHEDULE_HORIZON_DAYS = 14;

const iso = (d: Date) => d.toISOString();

const weekdaysOf = (mask: number) => [1, 2, 3, 4, 5, 6, 7].filter((d) => (mask & (1 << (d - 1))) !== 0);
const maskOf = (days: number[]) => days.reduce((mask, d) => mask | (1 << (d - 1)), 0);

function scheduleView(row: repo.CardScheduleRow): CardSchedule {
  return {
    id: row.id,
    card_type_id: row.cardTypeId,
    weekdays: weekdaysOf(row.weekdays),
    open_minute: row.openMinute,
    duration_minutes: row.durationMinutes,
    stock: row.stock,
    per_user_cap: row.perUserCap,
    active: row.active,
    materialised_until: row.materialisedUntil ? iso(row.materialisedUntil) : null,
    created_at: iso(row.createdAt),
  };
}

export async function adminListSchedules(db: Database) {
  return { list: (await repo.listSchedules(db, false)).map(scheduleView) };
}

export async function adminCreateSchedule(
  db: Database,
  operatorId: number,
  input: { card_type_id: number; weekdays: number[]; open_minute: number; duration_minutes: number; stock: number; per_user_cap?: number | undefined },
) {
  const created = await db.transaction(async (tx) => {
    const type = await repo.lockCardType(tx, input.card_type_id);
    if (!type) throw new DomainError('NOT_FOUND');
    const row = await repo.insertSchedule(tx, {
      cardTypeId: type.id,
      weekdays: maskOf(input.weekdays),
      openMinute: input.open_minute,
      durationMinutes: input.duration_minutes,
      stock: input.stock,
      perUserCap: input.per_user_cap ?? type.perUserCap,
      createdBy: operatorId,
    });
    await auditCardChange(tx, operatorId, 'schedule', row.id, 'create', null, scheduleView(row));
    return row;
  });
  await materialiseSchedule(db, created.id);
  return scheduleView((await repo.findSchedule(db, created.id))!);
}

export async function adminUpdateSchedule(
  db: Database,
  operatorId: number,
  id: number,
  input: {
    weekdays?: number[] | undefined;
    open_minute?: number | undefined;
    duration_minutes?: number | undefined;
    stock?: number | undefined;
    per_user_cap?: number | undefined;
    active?: boolean | undefined;
  },
) {
  await db.transaction(async (tx) => {
    const before = await repo.findSchedule(tx, id);
    if (!before) throw new DomainError('NOT_FOUND');
    const row = await repo.updateSchedule(tx, id, {
      weekdays: input.weekdays ? maskOf(input.weekdays) : before.weekdays,
      openMinute: input.open_minute ?? before.openMinute,
      durationMinutes: input.duration_minutes ?? before.durationMinutes,
      stock: input.stock ?? before.stock,
      perUserCap: input.per_user_cap ?? before.perUserCap,
      active: input.active ?? before.active,
      // Written again from now on: unchanged windows are kept by the unique index, new ones are added.
      materialisedUntil: null,
    });
    await auditCardChange(tx, operatorId, 'schedule', id, 'update', scheduleView(before), scheduleView(row!));
  });
  await materialiseSchedule(db, id);
  return scheduleView((await repo.findSchedule(db, id))!);
}

/** The windows a schedule opens in [from, until): one per listed weekday, at open_minute past midnight UTC. */
export function scheduleWindows(
  schedule: Pick<repo.CardScheduleRow, 'weekdays' | 'openMinute' | 'durationMinutes'>,
  from: Date,
  until: Date,
): { opensAt: Date; closesAt: Date }[] {
  const windows = [];
  const firstDay = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
  for (let day = firstDay; day < until.getTime(); day += DAY_MS) {
    if ((schedule.weekdays & (1 << (isoWeekday(new Date(day)) - 1))) === 0) continue;
    const opensAt = new Date(day + schedule.openMinute * MINUTE_MS);
    if (opensAt < from || opensAt >= until) continue;
    windows.push({ opensAt, closesAt: new Date(opensAt.getTime() + schedule.durationMinutes * MINUTE_MS) });
  }
  return windows;
}

/**
 * Writes a schedule's sessions for the next SCHEDULE_HORIZON_DAYS (from where it stopped, never in the past) with
 * their open/close jobs. A window that would overlap another session of the type is skipped; the unique
 * (schedule, opens_at) index writes each session once however often this runs. Returns the sessions written.
 */
export async function materialiseSchedule(db: Database, scheduleId: number, now = clock.now()): Promise<number> {
  return db.transaction(async (tx) => {
    const schedule = await repo.findSchedule(tx, scheduleId);
    if (!schedule || !schedule.active) return 0;
    const type = await repo.lockCardType(tx, schedule.cardTypeId);
    if (!type) return 0;
    const until = new Date(now.getTime() + SCHEDULE_HORIZON_DAYS * DAY_MS);
    const from = schedule.materialisedUntil && schedule.materialisedUntil > now ? schedule.materialisedUntil : now;
    let written = 0;
    for (const w of scheduleWindows(schedule, from, until)) {
      if (await repo.overlappingSession(tx, type.id, w.opensAt, w.closesAt, null)) continue;
      const row = await repo.insertSession(tx, {
        cardTypeId: type.id,
        scheduleId: schedule.id,
        opensAt: w.opensAt,
        closesAt: w.closesAt,
        stock: schedule.stock,
        perUserCap: schedule.perUserCap,
      });
      if (!row) continue;
      await enqueueSessionJobs(tx, row);
      written += 1;
    }
    await repo.updateSchedule(tx, schedule.id, { materialisedUntil: until });
    return written;
  });
}

/** The periodic job: every active schedule's coming sessions. */
export async function materialiseSchedules(db: Database, now = clock.now()): Promise<number> {
  let written = 0;
  for (const schedule of await repo.listSchedules(db, true)) written += await materialiseSchedule(db, schedule.id, now);
  return written;
}
