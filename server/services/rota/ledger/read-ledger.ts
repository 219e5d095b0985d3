import type { EntityManager } from '@mikro-orm/postgresql';
import type { TLedgerRequest, TLedgerResponse, TLedgerRow } from '../../../../shared/schemas/rota/ledger.js';
import { daysBetween, weekdayOf } from '../../../calendar/iso-dates.js';
import { daysWorked, staffFigures } from '../../../rota/evaluate.js';
import { NO_CARRY_IN, emptyRoster, type Preference, type RosterProblem } from '../../../rota/problem.js';
import { wardHolidays } from '../holidays/ward-holidays.js';
import { SHIFT_TYPE_ROWS, shiftTypeSpec, type ShiftTypeRow } from '../schedules/build-roster-problem.js';
import { readRotaSettings } from '../settings/read-rota-settings.js';

interface PersonRow {
  id: number;
  name: string;
  contract_id: number | null;
  max_assignments: number | null;
}

// The ward's published cells dated inside the range, one row per person as `day:shiftTypeId,…` (day indices count from
// `from`): a year of a large ward is some 30,000 cells, and one string per person reaches Node several times faster
// than as many rows or as integer arrays, whose parsing dominated the request.
const CELLS = `
  select a.user_id, string_agg((a.date - ?::date) || ':' || a.shift_type_id, ',') as cells
    from assignment a
    join schedule s on s.id = a.schedule_id
   where s.ward_id = ? and s.status = 'published' and a.date between ?::date and ?::date
   group by a.user_id`;

// Rostered staff (active accounts of the home ward with a profile) and everyone holding a published cell in the range
// (their ids from the cells, read first: a second scan of a year's cells would cost more than the wait).
const PEOPLE = `
  select u.id, u.name, sp.contract_id, c.max_assignments
    from app_user u
    left join staff_profile sp on sp.user_id = u.id
    left join contract c on c.id = sp.contract_id
   where (u.ward_id = ? and u.active and sp.id is not null) or u.id = any(?::int[])`;

// Active preferences on days of the range that a published schedule of the ward holds: elsewhere no roster answers them.
const PREFERENCES = `
  select r.user_id, (r.date - ?::date) as day, r.kind, r.shift_type_id
    from rota_request r
   where r.ward_id = ? and r.status = 'active' and r.kind in ('day_off', 'shift_off', 'shift_on')
     and r.date between ?::date and ?::date
     and exists (select 1 from schedule s where s.ward_id = r.ward_id and s.status = 'published' and r.date between s.start_date and s.end_date)
   order by r.id`;

// The audit of published cells (written only once a schedule is published, by every route that changes one): changes of
// shift type or skill, a cleared cell included and a pin alone not, of cells dated inside the range.
const CHANGES = `
  select c.user_id, count(*)::int as changes
    from schedule_cell_change c
    join schedule s on s.id = c.schedule_id and s.ward_id = c.ward_id and s.status = 'published'
   where c.ward_id = ? and c.user_id is not null and c.date between ?::date and ?::date
     and (c.before_shift_type_id is distinct from c.after_shift_type_id or c.before_skill is distinct from c.after_skill)
   group by c.user_id`;

const byName = new Intl.Collator('fa');
const COLON = 58;
const COMMA = 44;
const ZERO = 48;

/**
 * The ward's ledger (docs/rota.md §13): each person's figures over the ward's published schedules, only their cells on
 * days from `from` to `to`, and how far they lie from the person's full-time share of the ward's total. Assignments,
 * minutes, nights, weekends and preferences are counted by the evaluator's own `staffFigures` over the range taken as
 * one period, so that a weekend is a run of calendar days in `weekendDays` whichever schedule holds them, and a night
 * on `to` counts whole (a shift belongs to the day it starts). Holidays are the days a schedule's coverage treats as such.
 */
export async function readLedger(em: EntityManager, input: TLedgerRequest & { wardId: number }): Promise<TLedgerResponse> {
  const { wardId, from, to } = input;
  const cellsRead = em.execute<{ user_id: number; cells: string }[]>(CELLS, [from, wardId, from, to]);
  const peopleRead = cellsRead.then((cells) => em.execute<PersonRow[]>(PEOPLE, [wardId, `{${cells.map((row) => row.user_id).join(',')}}`]));
  const [settings, typeRows, cellRows, personRows, preferenceRows, changeRows, holidays] = await Promise.all([
    readRotaSettings(em, { wardId }),
    em.execute<ShiftTypeRow[]>(SHIFT_TYPE_ROWS, [wardId]),
    cellsRead,
    peopleRead,
    em.execute<{ user_id: number; day: number; kind: Preference['kind']; shift_type_id: number | null }[]>(PREFERENCES, [from, wardId, from, to]),
    em.execute<{ user_id: number; changes: number }[]>(CHANGES, [wardId, from, to]),
    wardHolidays(em, { wardId, from, to }),
  ]);

  personRows.sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
  const personIndex = new Map(personRows.map((row, p) => [row.id, p]));
  const shiftIndex = new Map(typeRows.map((row, s) => [row.id, s]));
  const problem: RosterProblem = {
    days: daysBetween(from, to) + 1,
    firstWeekday: weekdayOf(from),
    weekendDays: settings.weekendDays,
    skills: [],
    shiftTypes: typeRows.map(shiftTypeSpec),
    forbiddenNext: [],
    staff: personRows.map((row) => ({ id: row.id, skills: [], contract: null, carryIn: NO_CARRY_IN, leave: [] })),
    minimum: [],
    optimal: [],
    preferences: preferenceRows
      .filter((row) => personIndex.has(row.user_id))
      .map((row) => ({
        person: personIndex.get(row.user_id)!,
        day: row.day,
        kind: row.kind,
        shift: row.shift_type_id === null ? null : (shiftIndex.get(row.shift_type_id) ?? null),
      })),
    weights: settings.weights,
  };
  const roster = emptyRoster(problem);
  for (const row of cellRows) {
    const base = personIndex.get(row.user_id)! * problem.days;
    // Read digit by digit: no string is made per cell.
    const text = row.cells;
    let day = 0;
    let number = 0;
    for (let i = 0; i <= text.length; i++) {
      const code = i < text.length ? text.charCodeAt(i) : COMMA;
      if (code === COLON) {
        day = number;
        number = 0;
      } else if (code === COMMA) {
        roster.shift[base + day] = shiftIndex.get(number)!;
        number = 0;
      } else number = number * 10 + (code - ZERO);
    }
  }
  const holidayDays = [...holidays].map((date) => daysBetween(from, date));
  const changes = new Map(changeRows.map((row) => [row.user_id, row.changes]));

  const rows = personRows.map((row, p) => {
    const figures = staffFigures(problem, roster, p);
    return {
      userId: row.id,
      name: row.name,
      contractId: row.contract_id,
      assignments: figures.assignments,
      minutes: figures.minutes,
      nights: figures.nights,
      weekendsWorked: figures.workingWeekends,
      holidaysWorked: daysWorked(problem, roster, p, holidayDays),
      preferencesHonoured: figures.preferencesHonoured,
      preferencesBroken: figures.preferencesBroken,
      changesAfterPublication: changes.get(row.id) ?? 0,
    };
  });

  // Shares as integer weights over one denominator (a share is weight / fullTime), so that each figure below is one
  // division of integers: exact where the arithmetic is, and a deviation of exactly a fair part is exactly 0.
  const fullTime = Math.max(0, ...personRows.map((row) => row.max_assignments ?? 0));
  const weights = personRows.map((row) => (fullTime === 0 ? 1 : (row.max_assignments ?? fullTime)));
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  const unit = fullTime === 0 ? 1 : fullTime;
  const total = (key: 'assignments' | 'nights' | 'weekendsWorked' | 'holidaysWorked') => rows.reduce((sum, row) => sum + row[key], 0);
  const totals = { assignments: total('assignments'), nights: total('nights'), weekendsWorked: total('weekendsWorked'), holidaysWorked: total('holidaysWorked') };
  const perFullTime = (sum: number) => (weightSum === 0 ? 0 : (sum * unit) / weightSum);
  // figure − (weight / unit) × (sum × unit / weightSum), written over the common denominator.
  const deviation = (figure: number, weight: number, sum: number) => (weightSum === 0 ? 0 : (figure * weightSum - weight * sum) / weightSum);

  return {
    rows: rows.map(
      (row, p): TLedgerRow => ({
        ...row,
        deviation: {
          nights: deviation(row.nights, weights[p]!, totals.nights),
          weekendsWorked: deviation(row.weekendsWorked, weights[p]!, totals.weekendsWorked),
          holidaysWorked: deviation(row.holidaysWorked, weights[p]!, totals.holidaysWorked),
        },
      }),
    ),
    ward: {
      staff: rows.length,
      perFullTime: {
        assignments: perFullTime(totals.assignments),
        nights: perFullTime(totals.nights),
        weekendsWorked: perFullTime(totals.weekendsWorked),
        holidaysWorked: perFullTime(totals.holidaysWorked),
      },
    },
  };
}
