import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays, daysBetween, isoDateOf } from '../../../calendar/iso-dates.js';
import type { ServiceContext } from '../../service-context.js';
import { findWardSchedule } from '../schedules/find-ward-schedule.js';
import { readRotaSettings } from '../settings/read-rota-settings.js';

export interface SheetShiftType {
  id: number;
  code: string;
  name: string;
  startMinute: number;
  endMinute: number;
  /** Worked minutes; a shift ending at or before its start ends on the next day. */
  minutes: number;
  endsNextDay: boolean;
}

export interface SheetPerson {
  userId: number;
  name: string;
  /** Per day of the period, the index of its shift type in `shiftTypes`, or null for a day off. */
  cells: (number | null)[];
}

/** A schedule as a grid of people by days, with what a printed or exported roster needs around it. */
export interface RosterSheet {
  ward: { id: number; name: string };
  schedule: { id: number; startDate: string; endDate: string; status: 'draft' | 'published'; version: number };
  dates: string[];
  weekendDays: number[];
  holidays: { date: string; name: string }[];
  shiftTypes: SheetShiftType[];
  people: SheetPerson[];
}

const DAY_MINUTES = 24 * 60;
const byName = new Intl.Collator('fa');

/**
 * Loads a schedule the caller may read (a manager any of the ward's; staff published ones only, a draft
 * being 404 `schedule_not_found` to them) as a roster sheet. Its people are the schedule's staff (docs/rota.md
 * §6: the ward's rostered staff and anyone holding a cell), by name; its shift types the ward's active ones
 * and any other a cell uses, by start time.
 */
export async function loadRosterSheet(em: EntityManager, input: { wardId: number; id: number }, ctx: ServiceContext): Promise<RosterSheet> {
  const schedule = await findWardSchedule(em, { ...input, publishedOnly: ctx.actor.role !== 'manager' });
  const startDate = isoDateOf(schedule.startDate);
  const endDate = isoDateOf(schedule.endDate);
  const dates = Array.from({ length: daysBetween(startDate, endDate) + 1 }, (_, d) => addDays(startDate, d));

  const [ward] = await em.execute<{ id: number; name: string; hospital_id: number }[]>('select id, name, hospital_id from ward where id = ?', [input.wardId]);
  const settings = await readRotaSettings(em, { wardId: input.wardId });
  const holidays = await em.execute<{ date: string | Date; name: string }[]>(
    'select date, name from holiday where hospital_id = ? and date between ?::date and ?::date order by date',
    [ward!.hospital_id, startDate, endDate],
  );
  const cells = await em.execute<{ user_id: number; day: number; shift_type_id: number }[]>(
    'select user_id, (date - ?::date) as day, shift_type_id from assignment where schedule_id = ?',
    [startDate, schedule.id],
  );
  const typeRows = await em.execute<{ id: number; code: string; name: string; start_minute: number; end_minute: number }[]>(
    `select id, code, name, start_minute, end_minute from shift_type
      where ward_id = ? and (active or id in (select shift_type_id from assignment where schedule_id = ?))
      order by start_minute, code, id`,
    [input.wardId, schedule.id],
  );
  const personRows = await em.execute<{ id: number; name: string }[]>(
    `select u.id, u.name from app_user u
      where (u.ward_id = ? and u.active and exists (select 1 from staff_profile sp where sp.user_id = u.id))
         or u.id in (select user_id from assignment where schedule_id = ?)`,
    [input.wardId, schedule.id],
  );

  const shiftTypes: SheetShiftType[] = typeRows.map((row) => {
    const endsNextDay = row.end_minute <= row.start_minute;
    return {
      id: row.id,
      code: row.code,
      name: row.name,
      startMinute: row.start_minute,
      endMinute: row.end_minute,
      minutes: (endsNextDay ? row.end_minute + DAY_MINUTES : row.end_minute) - row.start_minute,
      endsNextDay,
    };
  });
  const typeIndex = new Map(shiftTypes.map((type, index) => [type.id, index]));
  personRows.sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
  const people: SheetPerson[] = personRows.map((row) => ({ userId: row.id, name: row.name, cells: new Array<number | null>(dates.length).fill(null) }));
  const personIndex = new Map(people.map((person, index) => [person.userId, index]));
  for (const cell of cells) people[personIndex.get(cell.user_id)!]!.cells[cell.day] = typeIndex.get(cell.shift_type_id)!;

  return {
    ward: { id: ward!.id, name: ward!.name },
    schedule: { id: schedule.id, startDate, endDate, status: schedule.status, version: schedule.version },
    dates,
    weekendDays: settings.weekendDays,
    holidays: holidays.map((row) => ({ date: isoDateOf(row.date), name: row.name })),
    shiftTypes,
    people,
  };
}
