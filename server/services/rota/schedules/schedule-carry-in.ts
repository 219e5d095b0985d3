import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays, daysBetween } from '../../../calendar/iso-dates.js';

/** A person's carry-in by ids (docs/rota.md §6): how their days before a schedule's first day ended. */
export interface CarryInRecord {
  lastShiftTypeId: number | null;
  consecutiveWorkingDays: number;
  consecutiveDaysOff: number;
  consecutiveSameShift: number;
}

export const ZERO_CARRY_IN: CarryInRecord = { lastShiftTypeId: null, consecutiveWorkingDays: 0, consecutiveDaysOff: 0, consecutiveSameShift: 0 };

export interface ScheduleCarryIns {
  /** The ward's schedule ending the day before, whose final days give the carry-in; null when it is explicit. */
  derivedFrom: number | null;
  /** Everyone asked about, zero counters where nothing is known. */
  byUser: Map<number, CarryInRecord>;
}

interface PeriodRef {
  id: number;
  wardId: number;
  startDate: string;
}

/** The ward's schedule that ends the day before `startDate`, if there is one. */
export async function previousSchedule(em: EntityManager, wardId: number, startDate: string): Promise<{ id: number; startDate: string; endDate: string } | null> {
  const [row] = await em.execute<{ id: number; start_date: string; end_date: string }[]>(
    'select id, start_date::text as start_date, end_date::text as end_date from schedule where ward_id = ? and end_date = ?::date limit 1',
    [wardId, addDays(startDate, -1)],
  );
  return row ? { id: row.id, startDate: row.start_date, endDate: row.end_date } : null;
}

async function explicitCarryIns(em: EntityManager, scheduleId: number, userIds: number[]): Promise<Map<number, CarryInRecord>> {
  const rows = await em.execute<
    { user_id: number; last_shift_type_id: number | null; consecutive_working_days: number; consecutive_days_off: number; consecutive_same_shift: number }[]
  >(
    `select user_id, last_shift_type_id, consecutive_working_days, consecutive_days_off, consecutive_same_shift
       from schedule_carry_in where schedule_id = ? and user_id = any(?::int[])`,
    [scheduleId, `{${userIds.join(',')}}`],
  );
  return new Map(
    rows.map((row) => [
      row.user_id,
      {
        lastShiftTypeId: row.last_shift_type_id,
        consecutiveWorkingDays: row.consecutive_working_days,
        consecutiveDaysOff: row.consecutive_days_off,
        consecutiveSameShift: row.consecutive_same_shift,
      },
    ]),
  );
}

/**
 * The carry-in of `userIds` into a schedule: derived from the ward's schedule ending the day before when
 * there is one, else as set explicitly (zero counters for anyone not set). A run that spans the whole
 * previous schedule continues that schedule's own carry-in, so only those people are followed further back.
 */
export async function resolveCarryIns(em: EntityManager, schedule: PeriodRef, userIds: number[]): Promise<ScheduleCarryIns> {
  const previous = await previousSchedule(em, schedule.wardId, schedule.startDate);
  const byUser = new Map<number, CarryInRecord>();
  if (!previous) {
    const explicit = userIds.length ? await explicitCarryIns(em, schedule.id, userIds) : new Map<number, CarryInRecord>();
    for (const userId of userIds) byUser.set(userId, explicit.get(userId) ?? ZERO_CARRY_IN);
    return { derivedFrom: null, byUser };
  }
  if (userIds.length === 0) return { derivedFrom: previous.id, byUser };

  const days = daysBetween(previous.startDate, previous.endDate) + 1;
  const rows = await em.execute<{ user_id: number; day: number; shift_type_id: number }[]>(
    `select user_id, (date - ?::date) as day, shift_type_id from assignment where schedule_id = ? and user_id = any(?::int[])`,
    [previous.startDate, previous.id, `{${userIds.join(',')}}`],
  );
  const cells = new Map<number, (number | null)[]>(userIds.map((userId) => [userId, new Array<number | null>(days).fill(null)]));
  for (const row of rows) cells.get(row.user_id)![row.day] = row.shift_type_id;

  const ends = new Map<number, { record: CarryInRecord; spansWhole: boolean; sameSpansWhole: boolean }>();
  for (const userId of userIds) ends.set(userId, finalDays(cells.get(userId)!));
  const spanning = userIds.filter((userId) => ends.get(userId)!.spansWhole);
  const earlier = spanning.length ? (await resolveCarryIns(em, { id: previous.id, wardId: schedule.wardId, startDate: previous.startDate }, spanning)).byUser : new Map<number, CarryInRecord>();

  for (const userId of userIds) {
    const { record, spansWhole, sameSpansWhole } = ends.get(userId)!;
    const before = earlier.get(userId);
    if (!spansWhole || !before) {
      byUser.set(userId, record);
      continue;
    }
    const working = record.lastShiftTypeId !== null;
    byUser.set(userId, {
      lastShiftTypeId: record.lastShiftTypeId,
      consecutiveWorkingDays: working ? record.consecutiveWorkingDays + before.consecutiveWorkingDays : 0,
      consecutiveDaysOff: working ? 0 : record.consecutiveDaysOff + before.consecutiveDaysOff,
      consecutiveSameShift:
        working && sameSpansWhole && before.lastShiftTypeId === record.lastShiftTypeId ? record.consecutiveSameShift + before.consecutiveSameShift : record.consecutiveSameShift,
    });
  }
  return { derivedFrom: previous.id, byUser };
}

/** How one row of cells ends: the final run of working days (or of days off, or of one shift type). */
function finalDays(cells: (number | null)[]): { record: CarryInRecord; spansWhole: boolean; sameSpansWhole: boolean } {
  const days = cells.length;
  const last = cells[days - 1] ?? null;
  let run = 0;
  while (run < days && (cells[days - 1 - run] !== null) === (last !== null)) run++;
  let same = 0;
  if (last !== null) while (same < days && cells[days - 1 - same] === last) same++;
  return {
    record: {
      lastShiftTypeId: last,
      consecutiveWorkingDays: last !== null ? run : 0,
      consecutiveDaysOff: last === null ? run : 0,
      consecutiveSameShift: same,
    },
    spansWhole: run === days,
    sameSpansWhole: same === days,
  };
}
