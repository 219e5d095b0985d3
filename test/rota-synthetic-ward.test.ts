import { describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { evaluate } from '../server/rota/evaluate.js';
import { readInrc2Instance } from '../server/rota/inrc2/index.js';
import { coverageIndex, emptyRoster, type RosterProblem } from '../server/rota/problem.js';
import { solve } from '../server/rota/solver/solve.js';
import { SYNTHETIC_SKILLS, syntheticWard } from '../server/rota/synthetic-ward.js';

const N120W4 = fileURLToPath(new URL('../data/inrc2/n120w4', import.meta.url));

/**
 * What makes a roster problem one the evaluator and solver can take: every index in range, every array as long as the
 * problem says, every minimum no more than its maximum, no day asking a skill of more people than hold it, and a
 * carry-in that tells one story. An INRC-II instance from the loader passes them all.
 */
function problemErrors(problem: RosterProblem): string[] {
  const errors: string[] = [];
  const { days, shiftTypes, skills, staff } = problem;
  const S = shiftTypes.length;
  const K = skills.length;
  const check = (ok: boolean, message: string): void => {
    if (!ok) errors.push(message);
  };
  check(Number.isInteger(days) && days > 0, 'days is a positive whole number');
  check(problem.firstWeekday >= 0 && problem.firstWeekday <= 6, 'firstWeekday is a weekday');
  check(problem.weekendDays.every((day) => day >= 0 && day <= 6), 'weekend days are weekdays');
  shiftTypes.forEach((shift, s) => {
    check(shift.minutes > 0, `shift type ${s} lasts`);
    check(shift.minConsecutive <= shift.maxConsecutive, `shift type ${s}'s consecutive limits are in order`);
  });
  check(problem.forbiddenNext.length === S && problem.forbiddenNext.every((row) => row.length === S), 'forbiddenNext is shift types × shift types');
  staff.forEach((person, p) => {
    check(person.skills.length > 0 && person.skills.every((k) => Number.isInteger(k) && k >= 0 && k < K), `person ${p} holds known skills`);
    check(new Set(person.skills).size === person.skills.length, `person ${p} holds each skill once`);
    check(person.leave.length === days, `person ${p}'s leave covers the days`);
    const c = person.contract;
    if (c !== null) {
      check(c.minAssignments <= c.maxAssignments, `person ${p}'s assignment limits are in order`);
      check(c.minConsecutiveWorkingDays <= c.maxConsecutiveWorkingDays, `person ${p}'s working-day limits are in order`);
      check(c.minConsecutiveDaysOff <= c.maxConsecutiveDaysOff, `person ${p}'s day-off limits are in order`);
      check(c.maxWorkingWeekends >= 0, `person ${p}'s weekend limit is not negative`);
    }
    const carry = person.carryIn;
    const worked = carry.lastShift !== null;
    check(!worked || (carry.lastShift! >= 0 && carry.lastShift! < S), `person ${p}'s last shift is a known shift type`);
    check(worked ? carry.consecutiveWorkingDays > 0 && carry.consecutiveDaysOff === 0 : carry.consecutiveWorkingDays === 0, `person ${p}'s carry-in tells one story`);
    check(carry.consecutiveSameShift <= carry.consecutiveWorkingDays, `person ${p}'s run of one shift type fits in their working run`);
  });
  const size = days * S * K;
  check(problem.minimum.length === size && problem.optimal.length === size, 'coverage has a cell per day, shift type and skill');
  problem.minimum.forEach((minimum, i) => {
    check(Number.isInteger(minimum) && minimum >= 0 && minimum <= problem.optimal[i]!, `coverage cell ${i}: 0 <= minimum <= optimum`);
  });
  for (let d = 0; d < days; d++) {
    let day = 0;
    for (let k = 0; k < K; k++) {
      let asked = 0;
      for (let s = 0; s < S; s++) asked += problem.minimum[coverageIndex(problem, d, s, k)]!;
      day += asked;
      check(asked <= staff.filter((person) => person.skills.includes(k)).length, `day ${d} asks skill ${k} of no more people than hold it`);
    }
    check(day <= staff.length, `day ${d} asks for no more people than the ward has`);
  }
  for (const request of problem.preferences) {
    check(request.person >= 0 && request.person < staff.length && request.day >= 0 && request.day < days, 'a request names a person and a day of the problem');
    check(request.kind === 'day_off' ? request.shift === null : request.shift !== null && request.shift >= 0 && request.shift < S, 'a request names a shift type when it needs one');
  }
  return errors;
}

describe('synthetic wards', () => {
  it('draws the same ward from the same seed and another from another seed', () => {
    const first = syntheticWard(7, 120, 28);
    expect(syntheticWard(7, 120, 28)).toEqual(first);
    const other = syntheticWard(8, 120, 28);
    expect(other.problem.minimum).not.toEqual(first.problem.minimum);
    expect(other.problem.preferences).not.toEqual(first.problem.preferences);
  });

  it.each([
    [30, 28],
    [120, 62],
    [500, 62],
  ])('has the %i people and %i days asked, four skills and four shift types from a Monday', (people, days) => {
    const { problem, contracts } = syntheticWard(1, people, days);
    expect(problem.staff).toHaveLength(people);
    expect(contracts).toHaveLength(people);
    expect(problem.days).toBe(days);
    expect(problem.skills).toEqual([...SYNTHETIC_SKILLS]);
    expect(problem.shiftTypes.map((shift) => shift.code)).toEqual(['Early', 'Day', 'Late', 'Night']);
    expect(problem.firstWeekday).toBe(1);
    expect(problem.weekendDays).toEqual([6, 0]);
    expect(new Set(contracts)).toEqual(new Set(['FullTime', 'PartTime', 'HalfTime']));
    // Requests at INRC-II's density (0.45 a person and week), half of them or more for the whole day.
    const requests = problem.preferences.length;
    expect(requests).toBe(Math.round((0.45 * people * days) / 7));
    expect(problem.preferences.filter((request) => request.kind === 'day_off').length).toBeGreaterThan(requests * 0.4);
    // Coverage asks about what the contracts' minima give, and its optimum about their maxima: tight, not impossible.
    const sum = (values: number[]): number => values.reduce((total, n) => total + n, 0);
    const minima = sum(problem.staff.map((person) => person.contract!.minAssignments));
    const maxima = sum(problem.staff.map((person) => person.contract!.maxAssignments));
    expect(sum(problem.minimum)).toBeGreaterThan(0.85 * minima);
    expect(sum(problem.minimum)).toBeLessThan(1.15 * minima);
    expect(sum(problem.optimal)).toBeGreaterThan(0.85 * maxima);
    expect(sum(problem.optimal)).toBeLessThan(1.15 * maxima);
    // About a third of the people worked the day before day 0.
    const worked = problem.staff.filter((person) => person.carryIn.lastShift !== null).length;
    expect(worked).toBeGreaterThan(people * 0.2);
    expect(worked).toBeLessThan(people * 0.5);
  });

  it('scales the contracts with the horizon: the 8-week limits of INRC-II at 62 days', () => {
    const { problem, contracts } = syntheticWard(1, 120, 62);
    const fullTime = problem.staff[contracts.indexOf('FullTime')]!.contract!;
    expect(fullTime.minAssignments).toBe(33);
    expect(fullTime.maxAssignments).toBe(44);
    // 62 days from a Monday touch nine weekends, the last a lone Saturday.
    expect(fullTime.maxWorkingWeekends).toBe(4);
  });

  it('passes the checks an INRC-II instance from the loader passes', () => {
    expect(problemErrors(readInrc2Instance(N120W4, 'n120w4_1_4-6-2-6').problem)).toEqual([]);
    for (const [people, days] of [
      [30, 28],
      [250, 62],
      [500, 28],
    ] as const) {
      expect(problemErrors(syntheticWard(3, people, days).problem)).toEqual([]);
    }
  });

  it('fails those checks when a minimum exceeds its optimum or a request names no shift type', () => {
    const { problem } = syntheticWard(3, 30, 28);
    const index = problem.optimal.findIndex((optimum) => optimum > 0);
    problem.minimum[index] = problem.optimal[index]! + 1;
    problem.preferences[0] = { ...problem.preferences[0]!, kind: 'shift_off', shift: null };
    expect(problemErrors(problem)).toEqual([`coverage cell ${index}: 0 <= minimum <= optimum`, 'a request names a shift type when it needs one']);
  });

  it('has a roster without hard violation: the solver finds one for 30 people over 28 days', () => {
    const { problem } = syntheticWard(1, 30, 28);
    expect(evaluate(problem, emptyRoster(problem)).score.hard).toBeGreaterThan(0);
    const result = solve({ problem, initial: emptyRoster(problem) }, { now: () => 0, deadline: 1, seed: 1, maxMoves: 20_000 });
    expect(result.score.hard).toBe(0);
    expect(evaluate(problem, result.roster).score).toEqual(result.score);
  });

  it('refuses a ward too small to have every skill group', () => {
    expect(() => syntheticWard(1, 5, 28)).toThrow(/at least 6 people/);
    expect(() => syntheticWard(1, 30, 6)).toThrow(/at least 7 days/);
  });
});
