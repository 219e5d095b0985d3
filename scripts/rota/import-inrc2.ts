// Loads an INRC-II instance into a ward through the API (docs/rota.md §7's mapping), so that the ward's schedule
// scores a roster exactly as the competition does. Used by `npm run admin -- rota:import-inrc2` and by the
// test that proves the equivalence; it repeats no rule of the service, only calls it.
import type { TRPCClient } from '@trpc/client';
import { addDays } from '../../server/calendar/iso-dates.js';
import type { Inrc2Instance } from '../../server/rota/inrc2/index.js';
import type { Roster } from '../../server/rota/problem.js';
import type { AppRouter } from '../../shared/index.js';

export type RotaClient = TRPCClient<AppRouter>;

export interface Inrc2ImportOptions {
  /** The Monday the period starts on (INRC-II weeks start on a Monday). */
  start: string;
  /** Put before each nurse's name to make their username (usernames are unique in the hospital). */
  usernamePrefix: string;
  /** The initial password of the new accounts (they must change it at first sign-in). */
  password: string;
}

export interface Inrc2Import {
  scheduleId: number;
  version: number;
  startDate: string;
  endDate: string;
  /** `userIds[p]`: the account of the instance's nurse p. */
  userIds: number[];
  /** `shiftTypeIds[s]`: the ward's shift type for the instance's shift type s. */
  shiftTypeIds: number[];
  /** Preferences the service already held (409 request_duplicate), left as they were. */
  duplicatePreferences: number;
}

/** 1 to 8 letters or digits, from the shift type's name: `Early` → `Early`, `Night shift` → `Nightshi`. */
function shiftCode(name: string): string {
  return name.replace(/[^\p{L}\p{Nd}]/gu, '').slice(0, 8) || 'S';
}

function isMonday(date: string): boolean {
  return new Date(`${date}T00:00:00Z`).getUTCDay() === 1;
}

function errorCode(error: unknown): string | undefined {
  return (error as { data?: { code?: string } } | undefined)?.data?.code;
}

/**
 * Loads `instance` into the ward `client` selects: the weekend and rest rule of INRC-II, shift types with their
 * forbidden successions, contracts, an account and profile per nurse, each day's requirements as `date` coverage
 * rows (the ward's other rows are kept), shift-off requests as `shift_off` / `day_off`, a schedule starting on
 * `options.start`, and the history as its carry-in.
 */
export async function importInrc2(client: RotaClient, instance: Inrc2Instance, options: Inrc2ImportOptions): Promise<Inrc2Import> {
  if (!isMonday(options.start)) throw new Error(`--start must be a Monday (INRC-II weeks start on Monday), not ${options.start}`);
  const { problem } = instance;
  const startDate = options.start;
  const endDate = addDays(startDate, problem.days - 1);

  await client.rota.settings.replace.mutate({ weekendDays: problem.weekendDays, minRestHours: 0, weights: problem.weights });

  const shiftTypeIds: number[] = [];
  for (const [s, spec] of problem.shiftTypes.entries()) {
    const { name, start, end } = instance.shiftTypes[s]!;
    const { shiftType } = await client.rota.shiftTypes.create.mutate({
      code: shiftCode(name),
      name,
      start,
      end,
      minConsecutive: spec.minConsecutive,
      maxConsecutive: spec.maxConsecutive,
    });
    shiftTypeIds.push(shiftType.id);
  }
  for (const [s, row] of problem.forbiddenNext.entries()) {
    const forbiddenNext = row.flatMap((forbidden, next) => (forbidden ? [shiftTypeIds[next]!] : []));
    if (forbiddenNext.length > 0) await client.rota.shiftTypes.update.mutate({ id: shiftTypeIds[s]!, forbiddenNext });
  }

  // A nurse whose history used part of the horizon's limits has limits of their own (see buildInrc2Instance).
  const contractIds = new Map<string, number>();
  const contractOf = async (p: number): Promise<number> => {
    const spec = problem.staff[p]!.contract!;
    const key = JSON.stringify(spec);
    let id = contractIds.get(key);
    if (id === undefined) {
      const base = instance.contracts[instance.nurseContracts[p]!]!;
      const same = JSON.stringify(base.spec) === key;
      const name = same ? base.name : `${base.name} ${[...contractIds.keys()].length + 1}`;
      id = (await client.rota.contracts.create.mutate({ name, ...spec })).contract.id;
      contractIds.set(key, id);
    }
    return id;
  };

  const userIds: number[] = [];
  for (const [p, nurse] of instance.nurses.entries()) {
    const created = await client.employees.create.mutate({ name: nurse, username: `${options.usernamePrefix}${nurse}`, password: options.password });
    userIds.push(created.id);
    await client.rota.staff.setProfile.mutate({
      userId: created.id,
      skills: problem.staff[p]!.skills.map((k) => problem.skills[k]!),
      contractId: await contractOf(p),
    });
  }

  // Each day's requirements as `date` rows: they alone say what the day needs (docs/rota.md §4).
  const requirements = [];
  for (let d = 0; d < problem.days; d++) {
    for (let s = 0; s < problem.shiftTypes.length; s++) {
      for (let k = 0; k < problem.skills.length; k++) {
        const index = (d * problem.shiftTypes.length + s) * problem.skills.length + k;
        if (problem.minimum[index]! === 0 && problem.optimal[index]! === 0) continue;
        requirements.push({
          shiftTypeId: shiftTypeIds[s]!,
          skill: problem.skills[k]!,
          weekday: null,
          date: addDays(startDate, d),
          minimum: problem.minimum[index]!,
          optimal: problem.optimal[index]!,
        });
      }
    }
  }
  const { coverage: kept } = await client.rota.coverage.read.query({});
  await client.rota.coverage.replace.mutate({
    coverage: [...kept.filter((row) => row.date === null || row.date < startDate || row.date > endDate), ...requirements],
  });

  let duplicatePreferences = 0;
  for (const preference of problem.preferences) {
    try {
      await client.rota.requests.create.mutate({
        userId: userIds[preference.person]!,
        kind: preference.kind,
        date: addDays(startDate, preference.day),
        ...(preference.shift === null ? {} : { shiftTypeId: shiftTypeIds[preference.shift]! }),
      });
    } catch (error) {
      if (errorCode(error) !== 'request_duplicate') throw error;
      duplicatePreferences++;
    }
  }

  const { schedule } = await client.rota.schedules.create.mutate({ startDate, endDate });
  let version = schedule.version;
  const carryIn = problem.staff.map((person, p) => ({
    userId: userIds[p]!,
    lastShiftTypeId: person.carryIn.lastShift === null ? null : shiftTypeIds[person.carryIn.lastShift]!,
    consecutiveWorkingDays: person.carryIn.consecutiveWorkingDays,
    consecutiveDaysOff: person.carryIn.consecutiveDaysOff,
    consecutiveSameShift: person.carryIn.consecutiveSameShift,
  }));
  version = (await client.rota.schedules.setCarryIn.mutate({ id: schedule.id, version, carryIn })).schedule.version;

  return { scheduleId: schedule.id, version, startDate, endDate, userIds, shiftTypeIds, duplicatePreferences };
}

/** A roster of the instance (an INRC-II solution, say) as the cells of `PUT …/assignments`. */
export function rosterCells(instance: Inrc2Instance, loaded: Inrc2Import, roster: Roster) {
  const { problem } = instance;
  const cells = [];
  for (let p = 0; p < problem.staff.length; p++) {
    for (let d = 0; d < problem.days; d++) {
      const cell = p * problem.days + d;
      const shift = roster.shift[cell]!;
      if (shift < 0) continue;
      cells.push({
        userId: loaded.userIds[p]!,
        date: addDays(loaded.startDate, d),
        shiftTypeId: loaded.shiftTypeIds[shift]!,
        skill: problem.skills[roster.skill[cell]!]!,
        pinned: false,
      });
    }
  }
  return cells;
}
