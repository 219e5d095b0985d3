import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';
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

/** A schedule's carry-in for everyone: a record for each person named, `others` for anyone else. */
interface CarrySet {
  byUser: Map<number, CarryInRecord>;
  others: CarryInRecord;
}

interface ChainLink {
  id: number;
  version: number;
  startDate: string;
  endDate: string;
}

/** A schedule's carry-in, and a key that names its content (explicit: the schedule and its version). */
export interface ResolvedCarry {
  carry: CarrySet;
  /** The ward's schedule ending the day before, when the carry-in comes from it. */
  derivedFrom: number | null;
  key: string;
}

/**
 * Carry-outs already worked out (`carryOutsOf`), by a key naming the schedule, its version and the key of its own carry-in: a
 * schedule's carry-out depends on nothing else (its cells change only with its version, its explicit carry-in too),
 * so the chain behind a schedule is read from here instead of walked back schedule by schedule on every read.
 */
// One per database (an ORM's configuration): ids mean nothing across databases, such as the tests' own.
const carryOutsByDatabase = new WeakMap<object, Map<string, CarrySet>>();
const MAX_CARRY_OUTS = 4000;

function carryOutsOf(em: EntityManager): Map<string, CarrySet> {
  let carryOuts = carryOutsByDatabase.get(em.config);
  if (!carryOuts) carryOutsByDatabase.set(em.config, (carryOuts = new Map()));
  return carryOuts;
}

/** How many carry-outs were worked out from cells, and how many were found kept (for tests). */
export const carryOutCounts = { computed: 0, kept: 0 };

/** Forgets the database's carry-outs: for a database emptied under a running process (the tests' reset). */
export function forgetCarryOuts(em: EntityManager): void {
  carryOutsByDatabase.delete(em.config);
}

function remember(carryOuts: Map<string, CarrySet>, key: string, carry: CarrySet): void {
  if (carryOuts.size >= MAX_CARRY_OUTS) carryOuts.delete(carryOuts.keys().next().value!);
  carryOuts.set(key, carry);
}

async function explicitCarry(em: EntityManager, scheduleId: number): Promise<CarrySet> {
  const rows = await em.execute<
    { user_id: number; last_shift_type_id: number | null; consecutive_working_days: number; consecutive_days_off: number; consecutive_same_shift: number }[]
  >(
    `select user_id, last_shift_type_id, consecutive_working_days, consecutive_days_off, consecutive_same_shift
       from schedule_carry_in where schedule_id = ?`,
    [scheduleId],
  );
  const byUser = new Map<number, CarryInRecord>(
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
  return { byUser, others: ZERO_CARRY_IN };
}

/** Names a carry-in by its content: schedules after an edited one keep their key when their carry-in stays the same. */
function carryKey(carry: CarrySet): string {
  const records = [...carry.byUser].sort(([a], [b]) => a - b);
  return createHash('sha1').update(JSON.stringify([records, carry.others])).digest('base64url');
}

/** How a schedule's days end for everyone, given how they began (its carry-in). */
async function carryOutOf(em: EntityManager, link: ChainLink, carryIn: CarrySet): Promise<CarrySet> {
  const days = daysBetween(link.startDate, link.endDate) + 1;
  const rows = await em.execute<{ user_id: number; day: number; shift_type_id: number }[]>(
    'select user_id, (date - ?::date) as day, shift_type_id from assignment where schedule_id = ?',
    [link.startDate, link.id],
  );
  const cells = new Map<number, (number | null)[]>();
  for (const userId of carryIn.byUser.keys()) cells.set(userId, new Array<number | null>(days).fill(null));
  for (const row of rows) {
    let userCells = cells.get(row.user_id);
    if (!userCells) cells.set(row.user_id, (userCells = new Array<number | null>(days).fill(null)));
    userCells[row.day] = row.shift_type_id;
  }
  const byUser = new Map<number, CarryInRecord>();
  for (const [userId, row] of cells) byUser.set(userId, continued(finalDays(row), carryIn.byUser.get(userId) ?? carryIn.others));
  return { byUser, others: continued(finalDays(new Array<number | null>(days).fill(null)), carryIn.others) };
}

/** A row's final run, continued by the carry-in before it when the run spans the whole row. */
function continued(end: { record: CarryInRecord; spansWhole: boolean; sameSpansWhole: boolean }, before: CarryInRecord): CarryInRecord {
  const { record, spansWhole, sameSpansWhole } = end;
  if (!spansWhole) return record;
  const working = record.lastShiftTypeId !== null;
  return {
    lastShiftTypeId: record.lastShiftTypeId,
    consecutiveWorkingDays: working ? record.consecutiveWorkingDays + before.consecutiveWorkingDays : 0,
    consecutiveDaysOff: working ? 0 : record.consecutiveDaysOff + before.consecutiveDaysOff,
    consecutiveSameShift:
      working && sameSpansWhole && before.lastShiftTypeId === record.lastShiftTypeId ? record.consecutiveSameShift + before.consecutiveSameShift : record.consecutiveSameShift,
  };
}

/**
 * The carry-in of each of `targets` (docs/rota.md §6): derived from the ward's schedule ending the day before when
 * there is one, else as set explicitly (zero counters for anyone not set). A run that spans a whole schedule
 * continues that schedule's own carry-in. One query reads the ward's schedules (ids, versions and periods); the
 * carry-outs of the chains behind the targets come from `carryOuts`, and only the ones not there yet read cells.
 */
export async function resolveWardCarryIns(em: EntityManager, wardId: number, targets: { id: number; startDate: string }[]): Promise<Map<number, ResolvedCarry>> {
  const links = await em.execute<{ id: number; version: number; start_date: string; end_date: string }[]>(
    'select id, version, start_date::text as start_date, end_date::text as end_date from schedule where ward_id = ? order by start_date',
    [wardId],
  );
  const byEnd = new Map(links.map((row) => [row.end_date, { id: row.id, version: row.version, startDate: row.start_date, endDate: row.end_date }]));
  const resolved = new Map<number, ResolvedCarry>();
  const carryOuts = carryOutsOf(em);
  // Carry-outs worked out during this call, by schedule id: each target's chain is followed once.
  const outs = new Map<number, { carry: CarrySet; key: string }>();

  async function carryOutFor(link: ChainLink): Promise<{ carry: CarrySet; key: string }> {
    const known = outs.get(link.id);
    if (known) return known;
    // Back to the chain's start (a schedule no other ends the day before), then forward, one link at a time.
    const chain: ChainLink[] = [link];
    for (let before = byEnd.get(addDays(link.startDate, -1)); before && !outs.has(before.id); before = byEnd.get(addDays(before.startDate, -1))) chain.unshift(before);
    const first = chain[0]!;
    const behind = byEnd.get(addDays(first.startDate, -1));
    let carryIn: { carry: CarrySet; key: string } | null = behind ? outs.get(behind.id)! : null;
    for (const step of chain) {
      if (carryIn === null) carryIn = { carry: await explicitCarry(em, step.id), key: `explicit:${step.id}:${step.version}` };
      const key = `${step.id}:${step.version}<${carryIn.key}`;
      let carry = carryOuts.get(key);
      if (carry) carryOutCounts.kept++;
      else {
        carryOutCounts.computed++;
        carry = await carryOutOf(em, step, carryIn.carry);
        // Inside a transaction the cells read may never be committed, and the version they were read at may come again.
        if (!em.isInTransaction()) remember(carryOuts, key, carry);
      }
      const out = { carry, key: carryKey(carry) };
      outs.set(step.id, out);
      carryIn = out;
    }
    return outs.get(link.id)!;
  }

  for (const target of targets) {
    const previous = byEnd.get(addDays(target.startDate, -1));
    if (previous) {
      const out = await carryOutFor(previous);
      resolved.set(target.id, { carry: out.carry, derivedFrom: previous.id, key: `${previous.id}:${out.key}` });
    } else {
      const version = links.find((row) => row.id === target.id)?.version ?? 0;
      resolved.set(target.id, { carry: await explicitCarry(em, target.id), derivedFrom: null, key: `explicit:${target.id}:${version}` });
    }
  }
  return resolved;
}

/** The carry-in of `userIds` into one schedule (resolveWardCarryIns). */
export async function resolveCarryIns(em: EntityManager, schedule: PeriodRef, userIds: number[]): Promise<ScheduleCarryIns & { key: string }> {
  const { carry, derivedFrom, key } = (await resolveWardCarryIns(em, schedule.wardId, [schedule])).get(schedule.id)!;
  return { derivedFrom, key, byUser: new Map(userIds.map((userId) => [userId, carry.byUser.get(userId) ?? carry.others])) };
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
