import { expect } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { readInrc2Instance } from '../../server/rota/inrc2/index.js';
import { personScore } from '../../server/rota/evaluate.js';
import { DEFAULT_WEIGHTS, OFF, cellIndex, coverageIndex, emptyRoster, type Preference, type Roster, type RosterProblem } from '../../server/rota/problem.js';
import { seededRandom } from '../../server/rota/solver/random.js';

export const N005W4 = fileURLToPath(new URL('../../data/inrc2/n005w4', import.meta.url));

export function n005w4(): RosterProblem {
  return readInrc2Instance(N005W4, 'n005w4_0_1-2-3-3').problem;
}

/**
 * A hand-made ward: 8 nurses (two of them charge nurses), two weeks from a Monday, day (D) and night (N) shifts,
 * no day straight after a night; two day nurses, one night nurse and a charge nurse by day needed every day.
 */
export function handMadeWard(): RosterProblem {
  const days = 14;
  const contract = {
    minAssignments: 6,
    maxAssignments: 10,
    minConsecutiveWorkingDays: 2,
    maxConsecutiveWorkingDays: 5,
    minConsecutiveDaysOff: 1,
    maxConsecutiveDaysOff: 4,
    maxWorkingWeekends: 1,
    completeWeekends: true,
  };
  const problem: RosterProblem = {
    days,
    firstWeekday: 1,
    weekendDays: [6, 0],
    skills: ['charge', 'nurse'],
    shiftTypes: [
      { id: 11, code: 'D', minutes: 480, endsNextDay: false, minConsecutive: 1, maxConsecutive: 5, assignable: true },
      { id: 12, code: 'N', minutes: 600, endsNextDay: true, minConsecutive: 2, maxConsecutive: 4, assignable: true },
      { id: 13, code: 'X', minutes: 240, endsNextDay: false, minConsecutive: 1, maxConsecutive: 5, assignable: false },
    ],
    forbiddenNext: [
      [false, false, false],
      [true, false, false],
      [false, false, false],
    ],
    staff: Array.from({ length: 8 }, (_, p) => ({
      id: 100 + p,
      skills: p < 2 ? [0, 1] : [1],
      contract,
      carryIn: { lastShift: p === 3 ? 1 : null, consecutiveWorkingDays: p === 3 ? 2 : 0, consecutiveDaysOff: p === 3 ? 0 : 2, consecutiveSameShift: p === 3 ? 2 : 0 },
      leave: Array.from({ length: days }, (_, d) => p === 5 && d >= 3 && d <= 6),
    })),
    minimum: [],
    optimal: [],
    preferences: [
      { person: 2, day: 5, kind: 'day_off', shift: null },
      { person: 4, day: 8, kind: 'shift_on', shift: 1 },
    ],
    weights: { ...DEFAULT_WEIGHTS },
  };
  const size = days * problem.shiftTypes.length * problem.skills.length;
  problem.minimum = new Array<number>(size).fill(0);
  problem.optimal = new Array<number>(size).fill(0);
  for (let d = 0; d < days; d++) {
    problem.minimum[coverageIndex(problem, d, 0, 0)] = 1;
    problem.optimal[coverageIndex(problem, d, 0, 0)] = 1;
    problem.minimum[coverageIndex(problem, d, 0, 1)] = 1;
    problem.optimal[coverageIndex(problem, d, 0, 1)] = 2;
    problem.minimum[coverageIndex(problem, d, 1, 1)] = 1;
    problem.optimal[coverageIndex(problem, d, 1, 1)] = 1;
  }
  return problem;
}

/**
 * The pin and the leave the solver's tests check: person 1 pinned to shift type 0 on day 3 (with their first skill),
 * person 0 on approved leave on day 6 (set on `problem`). Returns the initial roster and the pinned cells.
 */
export function pinAndLeave(problem: RosterProblem): { initial: Roster; pinned: Uint8Array } {
  const pinned = new Uint8Array(problem.staff.length * problem.days);
  const initial = emptyRoster(problem);
  initial.shift[cellIndex(problem, 1, 3)] = 0;
  initial.skill[cellIndex(problem, 1, 3)] = problem.staff[1]!.skills[0]!;
  pinned[cellIndex(problem, 1, 3)] = 1;
  problem.staff[0]!.leave[6] = true;
  return { initial, pinned };
}

/** Expects `roster` to keep what `pinAndLeave` set: person 1's pinned cell on day 3, person 0 off on leave on day 6. */
export function expectPinAndLeaveKept(problem: RosterProblem, roster: Roster): void {
  expect([roster.shift[cellIndex(problem, 1, 3)], roster.skill[cellIndex(problem, 1, 3)]]).toEqual([0, problem.staff[1]!.skills[0]]);
  expect(roster.shift[cellIndex(problem, 0, 6)]).toBe(OFF);
}

/** A roster with every cell random: work (any shift type, any skill, even one the person lacks) or off. */
export function randomRoster(problem: RosterProblem, seed: number): Roster {
  const random = seededRandom(seed);
  const roster = emptyRoster(problem);
  for (let cell = 0; cell < roster.shift.length; cell++) {
    if (random.int(2) === 0) continue;
    roster.shift[cell] = random.int(problem.shiftTypes.length);
    roster.skill[cell] = random.int(problem.skills.length);
  }
  return roster;
}

/**
 * A copy of a problem with everything a person's score reads drawn at random: the first weekday and which days
 * make a weekend, carry-ins (consistent or not), contracts dropped or with complete weekends switched, leave,
 * and three preferences of any kind per person.
 */
export function randomVariant(base: RosterProblem, random: ReturnType<typeof seededRandom>): RosterProblem {
  const problem: RosterProblem = structuredClone(base);
  const S = problem.shiftTypes.length;
  problem.firstWeekday = random.int(7);
  problem.weekendDays = [[6, 0], [5], [5, 6, 0]][random.int(3)]!;
  for (const [p, person] of problem.staff.entries()) {
    person.carryIn = {
      lastShift: random.int(3) === 0 ? null : random.int(S),
      consecutiveWorkingDays: random.int(8),
      consecutiveDaysOff: random.int(8),
      consecutiveSameShift: random.int(8),
    };
    if (random.int(6) === 0) person.contract = null;
    else if (person.contract) person.contract = { ...person.contract, completeWeekends: random.int(2) === 0 };
    person.leave = person.leave.map(() => random.int(10) === 0);
    for (let i = 0; i < 3; i++) {
      const kind = (['day_off', 'shift_off', 'shift_on'] as const)[random.int(3)]!;
      problem.preferences.push({ person: p, day: random.int(problem.days), kind, shift: kind === 'day_off' ? null : random.int(S) });
    }
  }
  return problem;
}

/**
 * A problem of `days` days cut from the front of a random variant of `base` (`randomVariant`), every person with a
 * random contract and, with `shiftRuns`, every shift type with random run limits: searches small enough to check
 * by trying every row.
 */
export function shortVariant(base: RosterProblem, days: number, random: ReturnType<typeof seededRandom>, shiftRuns = false): RosterProblem {
  const problem = randomVariant(base, random);
  const shifts = problem.shiftTypes.length;
  const skills = problem.skills.length;
  problem.days = days;
  problem.minimum = problem.minimum.slice(0, days * shifts * skills);
  problem.optimal = problem.optimal.slice(0, days * shifts * skills);
  problem.preferences = problem.preferences.filter((preference) => preference.day < days);
  if (shiftRuns) problem.shiftTypes = problem.shiftTypes.map((type) => ({ ...type, minConsecutive: 1 + random.int(3), maxConsecutive: 1 + random.int(4) }));
  for (const person of problem.staff) {
    person.leave = person.leave.slice(0, days);
    if (person.contract) {
      person.contract = {
        ...person.contract,
        minAssignments: random.int(days),
        maxAssignments: random.int(days),
        minConsecutiveWorkingDays: 1 + random.int(4),
        maxConsecutiveWorkingDays: 1 + random.int(5),
        minConsecutiveDaysOff: 1 + random.int(3),
        maxConsecutiveDaysOff: 1 + random.int(4),
        maxWorkingWeekends: random.int(3),
      };
    }
  }
  return problem;
}

/**
 * What the evaluator charges person p for a row of choices (a shift type or `OFF` per day, each worked with the
 * person's first skill), a hard violation at `hardWeight`, less the gains of choice x on day d at `gain[d * choices + x]`.
 */
export function rowValue(problem: RosterProblem, p: number, row: Int16Array, gain: Float64Array, choices: number, hardWeight: number): number {
  const roster = emptyRoster(problem);
  let gained = 0;
  for (let d = 0; d < problem.days; d++) {
    if (row[d] === OFF) continue;
    roster.shift[p * problem.days + d] = row[d]!;
    roster.skill[p * problem.days + d] = problem.staff[p]!.skills[0]!;
    gained += gain[d * choices + row[d]! + 1]!;
  }
  const score = personScore(problem, roster, p);
  return score.soft + hardWeight * score.hard - gained;
}

/**
 * The same problem with shift types left out, for the evaluator: one shift type without run limits or forbidden
 * successions; a request to work some shift type becomes one to work this one, a request against one is dropped.
 */
export function daysOnly(problem: RosterProblem): RosterProblem {
  const relaxed: RosterProblem = structuredClone(problem);
  relaxed.shiftTypes = [{ id: 1, code: 'W', minutes: 480, endsNextDay: false, minConsecutive: 1, maxConsecutive: problem.days + 99, assignable: true }];
  relaxed.forbiddenNext = [[false]];
  relaxed.preferences = problem.preferences.flatMap((preference): Preference[] =>
    preference.kind === 'shift_off' ? [] : [{ ...preference, shift: preference.kind === 'shift_on' ? 0 : null }],
  );
  for (const person of relaxed.staff) person.carryIn = { ...person.carryIn, lastShift: person.carryIn.lastShift === null ? null : 0 };
  relaxed.minimum = new Array<number>(problem.days * problem.skills.length).fill(0);
  relaxed.optimal = new Array<number>(problem.days * problem.skills.length).fill(0);
  return relaxed;
}

/**
 * The least `value(row)` over every row person p may take in `open` (per cell a bit per choice: bit 0 the day off, bit
 * 1 + s shift type s, as `rowProblem` has them), trying each; a row is a shift type or `OFF` per day. Infinity when none.
 */
export function cheapestOpenRow(open: Uint32Array, p: number, days: number, choices: number, value: (row: Int16Array) => number): number {
  const row = new Int16Array(days);
  let best = Number.POSITIVE_INFINITY;
  for (let code = 0; code < choices ** days; code++) {
    let allowed = true;
    for (let d = 0, rest = code; d < days; d++, rest = Math.floor(rest / choices)) {
      if ((open[p * days + d]! & (1 << rest % choices)) === 0) allowed = false;
      row[d] = (rest % choices) - 1;
    }
    if (allowed) best = Math.min(best, value(row));
  }
  return best;
}
