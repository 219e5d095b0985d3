import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays, daysBetween, weekdayOf } from '../../../calendar/iso-dates.js';
import { OFF, coverageIndex, emptyRoster, type ContractSpec, type Preference, type Roster, type RosterProblem, type ShiftTypeSpec, type StaffSpec } from '../../../rota/problem.js';
import { wardHolidays } from '../holidays/ward-holidays.js';
import { readRotaSettings } from '../settings/read-rota-settings.js';
import { forbiddenSuccessions } from '../shift-types/forbidden-successions.js';
import { shiftMinutes } from '../shift-types/shift-type-view.js';
import { resolveCarryIns, type CarryInRecord } from './schedule-carry-in.js';

/** The period and ward a problem is built for. */
export interface SchedulePeriod {
  id: number;
  wardId: number;
  startDate: string;
  endDate: string;
}

export interface ProblemPerson {
  userId: number;
  name: string;
  skills: string[];
  contractId: number | null;
}

/**
 * A schedule as the engine sees it (server/rota/problem.ts) and the ids its indices stand for: person p
 * is `people[p]`, shift type s is `shiftTypeIds[s]`, skill k is `problem.skills[k]`, day d is `dates[d]`.
 * `roster` holds the stored cells and `pinned[p * days + d]` marks the cells automatic generation keeps.
 */
export interface ScheduleProblem {
  problem: RosterProblem;
  roster: Roster;
  pinned: Uint8Array;
  people: ProblemPerson[];
  shiftTypeIds: number[];
  dates: string[];
  carryIns: CarryInRecord[];
  /** The ward's schedule ending the day before, when the carry-in comes from it. */
  carryInDerivedFrom: number | null;
  /** Names the carry-in: it changes whenever a cell or an explicit carry-in the carry-in comes from changes. */
  carryInKey: string;
}

export interface ShiftTypeRow {
  id: number;
  code: string;
  start_minute: number;
  end_minute: number;
  min_consecutive: number;
  max_consecutive: number;
  active: boolean;
}

interface PersonRow {
  id: number;
  name: string;
  skills: string[] | null;
  contract_id: number | null;
  rostered: boolean;
}

interface ContractRow {
  id: number;
  min_assignments: number;
  max_assignments: number;
  min_consecutive_working_days: number;
  max_consecutive_working_days: number;
  min_consecutive_days_off: number;
  max_consecutive_days_off: number;
  max_working_weekends: number;
  complete_weekends: boolean;
}

// The ward's rostered staff (active accounts of the home ward with a profile) and everyone holding a cell.
const PEOPLE = `
  select u.id, u.name, sp.skills, sp.contract_id,
         (u.ward_id = ? and u.active and sp.id is not null) as rostered
    from app_user u
    left join staff_profile sp on sp.user_id = u.id
   where (u.ward_id = ? and u.active and sp.id is not null)
      or u.id in (select user_id from assignment where schedule_id = ?)
   order by u.id`;

/**
 * Builds the roster problem of a schedule from the database (docs/rota.md §1–§7): the ward's settings, shift
 * types and forbidden successions (explicit and by minimum rest, merged), its staff with their contracts,
 * carry-in and approved leave, the coverage of each day (a day's `date` rows, else for a holiday the
 * `weekday` rows of the first weekend day, else its own weekday's rows), the active preferences, and the
 * stored cells. The HTTP evaluation, publishing and the solver all start from this one builder.
 */
export async function buildRosterProblem(em: EntityManager, schedule: SchedulePeriod): Promise<ScheduleProblem> {
  const days = daysBetween(schedule.startDate, schedule.endDate) + 1;
  const dates = Array.from({ length: days }, (_, d) => addDays(schedule.startDate, d));
  // Two rounds of independent queries, each sent at once: what the second needs comes from the first.
  const [settings, typeRows, personRows, cellRows] = await Promise.all([
    readRotaSettings(em, { wardId: schedule.wardId }),
    em.execute<ShiftTypeRow[]>(SHIFT_TYPE_ROWS, [schedule.wardId]),
    em.execute<PersonRow[]>(PEOPLE, [schedule.wardId, schedule.wardId, schedule.id]),
    em.execute<{ user_id: number; day: number; shift_type_id: number; skill: string; pinned: boolean }[]>(
      'select user_id, (date - ?::date) as day, shift_type_id, skill, pinned from assignment where schedule_id = ?',
      [schedule.startDate, schedule.id],
    ),
  ]);
  const shiftIndex = new Map(typeRows.map((row, s) => [row.id, s]));
  const shiftTypes = typeRows.map(shiftTypeSpec);
  const userIds = personRows.map((row) => row.id);
  const personIndex = new Map(userIds.map((id, p) => [id, p]));
  const userList = `{${userIds.join(',')}}`;

  const skills: string[] = [];
  const skillIndex = new Map<string, number>();
  const skillOf = (name: string) => {
    let k = skillIndex.get(name);
    if (k === undefined) {
      k = skills.length;
      skills.push(name);
      skillIndex.set(name, k);
    }
    return k;
  };

  const contractIds = [...new Set(personRows.map((row) => row.contract_id).filter((id): id is number => id !== null))];
  const [forbiddenNext, contractRows, carry, leaveRows, coverage, preferenceRows] = await Promise.all([
    forbiddenNextOf(em, typeRows, settings.minRestHours),
    contractIds.length ? em.execute<ContractRow[]>('select * from contract where id = any(?::int[])', [`{${contractIds.join(',')}}`]) : [],
    resolveCarryIns(em, schedule, userIds),
    userIds.length
      ? em.execute<{ user_id: number; from_day: number; to_day: number }[]>(
          `select user_id, (greatest(date, ?::date) - ?::date) as from_day, (least(end_date, ?::date) - ?::date) as to_day
             from rota_request
            where kind = 'leave' and status = 'approved' and user_id = any(?::int[]) and date <= ?::date and end_date >= ?::date`,
          [schedule.startDate, schedule.startDate, schedule.endDate, schedule.startDate, userList, schedule.endDate, schedule.startDate],
        )
      : [],
    dailyCoverage(em, schedule, dates, settings.weekendDays[0]!),
    userIds.length
      ? em.execute<{ user_id: number; day: number; kind: Preference['kind']; shift_type_id: number | null }[]>(
          `select user_id, (date - ?::date) as day, kind, shift_type_id from rota_request
            where ward_id = ? and status = 'active' and kind in ('day_off', 'shift_off', 'shift_on')
              and user_id = any(?::int[]) and date between ?::date and ?::date
            order by id`,
          [schedule.startDate, schedule.wardId, userList, schedule.startDate, schedule.endDate],
        )
      : [],
  ]);

  const contracts = new Map<number, ContractSpec>();
  for (const row of contractRows) {
    contracts.set(row.id, {
      minAssignments: row.min_assignments,
      maxAssignments: row.max_assignments,
      minConsecutiveWorkingDays: row.min_consecutive_working_days,
      maxConsecutiveWorkingDays: row.max_consecutive_working_days,
      minConsecutiveDaysOff: row.min_consecutive_days_off,
      maxConsecutiveDaysOff: row.max_consecutive_days_off,
      maxWorkingWeekends: row.max_working_weekends,
      completeWeekends: row.complete_weekends,
    });
  }

  const carryIns = userIds.map((userId) => carry.byUser.get(userId)!);
  const leave = userIds.map(() => new Array<boolean>(days).fill(false));
  for (const row of leaveRows) for (let d = row.from_day; d <= row.to_day; d++) leave[personIndex.get(row.user_id)!]![d] = true;

  const people: ProblemPerson[] = personRows.map((row) => ({ userId: row.id, name: row.name, skills: row.skills ?? [], contractId: row.contract_id }));
  const staff: StaffSpec[] = personRows.map((row, p) => {
    const carried = carryIns[p]!;
    return {
      id: row.id,
      // Someone holding cells who is no longer on the ward's rota (deactivated, moved, profile removed) can do no work
      // here: their cells count as missing_skill, and the solver gives them none.
      skills: row.rostered ? (row.skills ?? []).map(skillOf) : [],
      contract: row.contract_id === null ? null : (contracts.get(row.contract_id) ?? null),
      carryIn: {
        lastShift: carried.lastShiftTypeId === null ? null : (shiftIndex.get(carried.lastShiftTypeId) ?? null),
        consecutiveWorkingDays: carried.consecutiveWorkingDays,
        consecutiveDaysOff: carried.consecutiveDaysOff,
        consecutiveSameShift: carried.consecutiveSameShift,
      },
      leave: leave[p]!,
    };
  });

  for (const row of cellRows) skillOf(row.skill);
  for (const row of coverage) skillOf(row.skill);

  const problem: RosterProblem = {
    days,
    firstWeekday: weekdayOf(schedule.startDate),
    weekendDays: settings.weekendDays,
    skills,
    shiftTypes,
    forbiddenNext,
    staff,
    minimum: new Array<number>(days * shiftTypes.length * skills.length).fill(0),
    optimal: new Array<number>(days * shiftTypes.length * skills.length).fill(0),
    preferences: preferenceRows.map((row) => ({
      person: personIndex.get(row.user_id)!,
      day: row.day,
      kind: row.kind,
      shift: row.shift_type_id === null ? null : (shiftIndex.get(row.shift_type_id) ?? null),
    })),
    weights: settings.weights,
  };
  for (const row of coverage) {
    const index = coverageIndex(problem, row.day, shiftIndex.get(row.shiftTypeId)!, skillIndex.get(row.skill)!);
    problem.minimum[index] = row.minimum;
    problem.optimal[index] = row.optimal;
  }

  const roster = emptyRoster(problem);
  const pinned = new Uint8Array(roster.shift.length);
  for (const row of cellRows) {
    const cell = personIndex.get(row.user_id)! * days + row.day;
    roster.shift[cell] = shiftIndex.get(row.shift_type_id) ?? OFF;
    roster.skill[cell] = skillIndex.get(row.skill)!;
    pinned[cell] = row.pinned ? 1 : 0;
  }

  return { problem, roster, pinned, people, shiftTypeIds: typeRows.map((row) => row.id), dates, carryIns, carryInDerivedFrom: carry.derivedFrom, carryInKey: carry.key };
}

/** The ward's shift types, in the order of their ids, as the engine sees them. */
export const SHIFT_TYPE_ROWS = 'select id, code, start_minute, end_minute, min_consecutive, max_consecutive, active from shift_type where ward_id = ? order by id';

/** A shift type as the engine sees it: its minutes, and whether it ends on the next day (a night, docs/rota.md §7). */
export function shiftTypeSpec(row: ShiftTypeRow): ShiftTypeSpec {
  return {
    id: row.id,
    code: row.code,
    minutes: shiftMinutes(row.start_minute, row.end_minute),
    endsNextDay: row.end_minute <= row.start_minute,
    minConsecutive: row.min_consecutive,
    maxConsecutive: row.max_consecutive,
    assignable: row.active,
  };
}

/** docs/rota.md §2: explicit `forbiddenNext` lists and `minRestHours`, as one matrix in the shift types' order. */
async function forbiddenNextOf(em: EntityManager, types: ShiftTypeRow[], minRestHours: number): Promise<boolean[][]> {
  const explicit = types.length
    ? await em.execute<{ shift_type_id: number; next_id: number }[]>('select shift_type_id, next_id from forbidden_succession where shift_type_id = any(?::int[])', [
        `{${types.map((type) => type.id).join(',')}}`,
      ])
    : [];
  const successors = new Map<number, number[]>(types.map((type) => [type.id, []]));
  for (const row of explicit) successors.get(row.shift_type_id)?.push(row.next_id);
  return forbiddenSuccessions(
    types.map((type) => ({ id: type.id, startMinute: type.start_minute, endMinute: type.end_minute, forbiddenNext: successors.get(type.id)! })),
    minRestHours,
  );
}

interface DayRequirement {
  day: number;
  shiftTypeId: number;
  skill: string;
  minimum: number;
  optimal: number;
}

/**
 * docs/rota.md §4: a day named by any `date` row needs what its `date` rows say and nothing else; otherwise a
 * holiday takes the `weekday` rows of the first weekend day, and any other day those of its own weekday.
 */
async function dailyCoverage(em: EntityManager, schedule: SchedulePeriod, dates: string[], holidayWeekday: number): Promise<DayRequirement[]> {
  const [rows, holidays] = await Promise.all([
    em.execute<{ shift_type_id: number; skill: string; weekday: number | null; date: string | null; minimum: number; optimal: number }[]>(
      `select shift_type_id, skill, weekday, date::text as date, minimum, optimal from coverage_requirement
        where ward_id = ? and (weekday is not null or date between ?::date and ?::date)`,
      [schedule.wardId, schedule.startDate, schedule.endDate],
    ),
    wardHolidays(em, { wardId: schedule.wardId, from: schedule.startDate, to: schedule.endDate }),
  ]);
  const byDate = new Map<string, typeof rows>();
  const byWeekday = new Map<number, typeof rows>();
  for (const row of rows) {
    if (row.date !== null) byDate.set(row.date, [...(byDate.get(row.date) ?? []), row]);
    else byWeekday.set(row.weekday!, [...(byWeekday.get(row.weekday!) ?? []), row]);
  }
  const requirements: DayRequirement[] = [];
  dates.forEach((date, day) => {
    const own = byDate.get(date) ?? byWeekday.get(holidays.has(date) ? holidayWeekday : weekdayOf(date)) ?? [];
    for (const row of own) requirements.push({ day, shiftTypeId: row.shift_type_id, skill: row.skill, minimum: row.minimum, optimal: row.optimal });
  });
  return requirements;
}
