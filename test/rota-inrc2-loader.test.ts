import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OFF, cellIndex, coverageIndex } from '../server/rota/problem.js';
import {
  buildInrc2Instance,
  parseInstanceId,
  readInrc2Instance,
  readInrc2Solution,
  type Inrc2History,
  type Inrc2Scenario,
  type Inrc2WeekData,
} from '../server/rota/inrc2/index.js';

const N005W4 = fileURLToPath(new URL('../data/inrc2/n005w4', import.meta.url));

describe('INRC-II instance names', () => {
  it('reads dataset, history and weeks from n030w4_1_6-2-9-1', () => {
    expect(parseInstanceId('n030w4_1_6-2-9-1')).toEqual({ dataset: 'n030w4', history: 1, weeks: [6, 2, 9, 1] });
  });

  it('refuses a name that is not an instance', () => {
    expect(() => parseInstanceId('n030w4-1-6-2-9-1')).toThrow(/not an INRC-II instance/);
    expect(() => parseInstanceId('n030w4_1_')).toThrow(/not an INRC-II instance/);
  });
});

describe('INRC-II instance loader', () => {
  const instance = readInrc2Instance(N005W4, 'n005w4_0_1-2-3-3');
  const { problem } = instance;

  it('plans four weeks from a Monday with a Saturday–Sunday weekend and the default weights', () => {
    expect(problem.days).toBe(28);
    expect(problem.firstWeekday).toBe(1);
    expect(problem.weekendDays).toEqual([6, 0]);
    expect(problem.weights.coverage_optimal).toBe(30);
    expect(problem.weights.consecutive_same_shift).toBe(15);
    expect(instance.id).toBe('n005w4_0_1-2-3-3');
  });

  it('keeps the names beside the indices', () => {
    expect(instance.nurses).toEqual(['Patrick', 'Andrea', 'Stefaan', 'Sara', 'Nguyen']);
    expect(instance.skills).toEqual(['HeadNurse', 'Nurse']);
    expect(instance.contracts.map((contract) => contract.name)).toEqual(['FullTime', 'PartTime']);
    expect(instance.nurseContracts).toEqual([0, 0, 1, 1, 0]);
    expect(problem.staff[3]!.skills).toEqual([1]);
    expect(problem.staff[2]!.contract).toEqual({
      minAssignments: 7,
      maxAssignments: 11,
      minConsecutiveWorkingDays: 3,
      maxConsecutiveWorkingDays: 5,
      minConsecutiveDaysOff: 3,
      maxConsecutiveDaysOff: 5,
      maxWorkingWeekends: 2,
      completeWeekends: true,
    });
  });

  it('gives the shift types clock times, the night ending on the next day', () => {
    expect(instance.shiftTypes).toEqual([
      { name: 'Early', start: '06:00', end: '14:00' },
      { name: 'Late', start: '14:00', end: '22:00' },
      { name: 'Night', start: '22:00', end: '06:00' },
    ]);
    expect(problem.shiftTypes.map((s) => [s.code, s.minutes, s.endsNextDay, s.minConsecutive, s.maxConsecutive])).toEqual([
      ['Early', 480, false, 2, 5],
      ['Late', 480, false, 2, 3],
      ['Night', 480, true, 4, 5],
    ]);
  });

  it('forbids the scenario successions only', () => {
    expect(problem.forbiddenNext).toEqual([
      [false, false, false],
      [true, false, false],
      [true, true, false],
    ]);
  });

  it('takes the history as carry-in, "None" as no last shift', () => {
    expect(problem.staff[0]!.carryIn).toEqual({ lastShift: 2, consecutiveWorkingDays: 4, consecutiveDaysOff: 0, consecutiveSameShift: 1 });
    expect(problem.staff[2]!.carryIn).toEqual({ lastShift: null, consecutiveWorkingDays: 0, consecutiveDaysOff: 3, consecutiveSameShift: 0 });
  });

  it("lays each week's requirements on its own days", () => {
    // WD-n005w4-1: Early/HeadNurse on Wednesday needs 1/1; WD-n005w4-2 follows as days 7–13.
    expect(problem.minimum[coverageIndex(problem, 2, 0, 0)]).toBe(1);
    expect(problem.optimal[coverageIndex(problem, 2, 0, 0)]).toBe(1);
    // Early/Nurse on Wednesday of week 1: minimum 0, optimal 1.
    expect(problem.minimum[coverageIndex(problem, 2, 0, 1)]).toBe(0);
    expect(problem.optimal[coverageIndex(problem, 2, 0, 1)]).toBe(1);
    expect(problem.minimum).toHaveLength(28 * 3 * 2);
  });

  it('takes shift-off requests as shift_off, and "Any" as day_off', () => {
    const firstWeek = problem.preferences.filter((preference) => preference.day < 7);
    expect(firstWeek).toEqual([
      { person: 1, day: 1, kind: 'day_off', shift: null },
      { person: 2, day: 2, kind: 'day_off', shift: null },
      { person: 4, day: 4, kind: 'day_off', shift: null },
      { person: 4, day: 5, kind: 'day_off', shift: null },
      { person: 3, day: 5, kind: 'shift_off', shift: 1 },
    ]);
  });

  it('reads a solution folder into a roster, week by week', () => {
    const roster = readInrc2Solution(`${N005W4}/Solution_H_0-WD_1-2-3-3`, instance);
    // Patrick: Monday Night with the Nurse skill, Tuesday off, Wednesday Early as HeadNurse.
    expect(roster.shift[cellIndex(problem, 0, 0)]).toBe(2);
    expect(roster.skill[cellIndex(problem, 0, 0)]).toBe(1);
    expect(roster.shift[cellIndex(problem, 0, 1)]).toBe(OFF);
    expect(roster.skill[cellIndex(problem, 0, 1)]).toBe(OFF);
    expect(roster.shift[cellIndex(problem, 0, 2)]).toBe(0);
    expect(roster.skill[cellIndex(problem, 0, 2)]).toBe(0);
  });

  it('refuses a solution folder of another instance', () => {
    expect(() => readInrc2Solution(`${N005W4}/Solution_H_1-WD_5-3-1-0`, instance)).toThrow(/does not belong/);
  });
});

describe('INRC-II histories that already count assignments and working weekends', () => {
  it('lower that nurse’s contract limits by what the history used, leaving the others alone', () => {
    const read = <T>(name: string) => JSON.parse(readFileSync(`${N005W4}/${name}`, 'utf8')) as T;
    const history = read<Inrc2History>('H0-n005w4-0.json');
    history.nurseHistory[0] = { ...history.nurseHistory[0]!, numberOfAssignments: 3, numberOfWorkingWeekends: 1 };
    const instance = buildInrc2Instance(
      parseInstanceId('n005w4_0_1-2-3-3'),
      read<Inrc2Scenario>('Sc-n005w4.json'),
      history,
      [1, 2, 3, 3].map((week) => read<Inrc2WeekData>(`WD-n005w4-${week}.json`)),
    );
    // FullTime: 15 to 22 assignments, at most 2 working weekends.
    expect(instance.problem.staff[0]!.contract).toMatchObject({ minAssignments: 12, maxAssignments: 19, maxWorkingWeekends: 1 });
    expect(instance.problem.staff[1]!.contract).toMatchObject({ minAssignments: 15, maxAssignments: 22, maxWorkingWeekends: 2 });
    expect(instance.contracts[0]!.spec.minAssignments).toBe(15);
  });
});

describe('INRC-II data that does not fit together', () => {
  it('names the unknown nurse, shift type or day', () => {
    const read = <T>(name: string) => JSON.parse(readFileSync(`${N005W4}/${name}`, 'utf8')) as T;
    const week = read<Inrc2WeekData>('WD-n005w4-1.json');
    week.shiftOffRequests.push({ nurse: 'Nobody', shiftType: 'Any', day: 'Monday' });
    expect(() =>
      buildInrc2Instance(parseInstanceId('n005w4_0_1'), read<Inrc2Scenario>('Sc-n005w4.json'), read<Inrc2History>('H0-n005w4-0.json'), [week]),
    ).toThrow(/unknown nurse: "Nobody"/);
  });
});
