// Each constraint of docs/rota.md §7 on a tiny hand-made problem, with its penalty computed by hand (default weights:
// coverage_optimal 30, consecutive_same_shift 15, working days 30, days off 30, preference 10, complete_weekend 30,
// total_assignments 20, working_weekends 30; a hard violation counts 1 per unit).
import { describe, expect, it } from '@jest/globals';
import { coverageScore, evaluate, personScore } from '../server/rota/evaluate.js';
import { penaltyOf, requireCover, tinyProblem, tinyRoster, violationsOf } from './support/rota-tiny-problem.js';

describe('coverage_minimum and coverage_optimal', () => {
  it('counts each missing person against the minimum (hard) and against the optimal (soft), both where the minimum is missed', () => {
    const problem = tinyProblem({ days: 1, staff: [{}, {}] });
    const index = requireCover(problem, 0, 'E', 0, 2, 3);
    const roster = tinyRoster(problem, ['E', 'L']);
    expect(violationsOf(problem, roster, 'coverage_minimum')).toEqual([
      { constraint: 'coverage_minimum', severity: 'hard', day: 0, shift: 0, skill: 0, count: 1, penalty: 1 },
    ]);
    expect(violationsOf(problem, roster, 'coverage_optimal')).toEqual([
      { constraint: 'coverage_optimal', severity: 'soft', day: 0, shift: 0, skill: 0, count: 2, penalty: 60 },
    ]);
    expect(evaluate(problem, roster).score).toEqual({ hard: 1, soft: 60 });
    expect(coverageScore(problem, index, 1)).toEqual({ hard: 1, soft: 60 });
    expect(coverageScore(problem, index, 3)).toEqual({ hard: 0, soft: 0 });
    expect(coverageScore(problem, index, 5)).toEqual({ hard: 0, soft: 0 });
  });

  it('counts a cell towards the skill it is made with, not every skill its person has', () => {
    const problem = tinyProblem({ days: 1, skills: ['Head', 'Nurse'], staff: [{ skills: [0, 1] }] });
    requireCover(problem, 0, 'E', 0, 1, 1);
    const roster = tinyRoster(problem, ['E']);
    roster.skill[0] = 1;
    expect(evaluate(problem, roster).score).toEqual({ hard: 1, soft: 30 });
    roster.skill[0] = 0;
    expect(evaluate(problem, roster).score).toEqual({ hard: 0, soft: 0 });
  });
});

describe('forbidden_succession', () => {
  const options = { days: 3, forbidden: ['LE', 'NE', 'NL'] };

  it('counts each forbidden pair of consecutive days', () => {
    const problem = tinyProblem({ ...options, staff: [{}] });
    expect(violationsOf(problem, tinyRoster(problem, ['LEN']), 'forbidden_succession')).toEqual([
      { constraint: 'forbidden_succession', severity: 'hard', person: 0, day: 1, shift: 0, count: 1, penalty: 1 },
    ]);
    expect(evaluate(problem, tinyRoster(problem, ['NLE'])).score.hard).toBe(2);
    expect(evaluate(problem, tinyRoster(problem, ['EL-'])).score.hard).toBe(0);
  });

  it('counts the pair across the carry-in: a night before day 0, an early on day 0', () => {
    const problem = tinyProblem({ ...options, staff: [{ carryIn: { lastShift: 'N', consecutiveWorkingDays: 1, consecutiveSameShift: 1 } }] });
    expect(violationsOf(problem, tinyRoster(problem, ['E--']), 'forbidden_succession')).toEqual([
      { constraint: 'forbidden_succession', severity: 'hard', person: 0, day: 0, shift: 0, count: 1, penalty: 1 },
    ]);
    expect(evaluate(problem, tinyRoster(problem, ['-E-'])).score.hard).toBe(0);
    expect(evaluate(problem, tinyRoster(problem, ['N--'])).score.hard).toBe(0);
  });
});

describe('missing_skill', () => {
  it('counts each assignment made with a skill the person lacks', () => {
    const problem = tinyProblem({ days: 3, skills: ['Head', 'Nurse'], staff: [{ skills: [1] }] });
    const roster = tinyRoster(problem, ['EE-']);
    roster.skill[1] = 0;
    expect(violationsOf(problem, roster, 'missing_skill')).toEqual([
      { constraint: 'missing_skill', severity: 'hard', person: 0, day: 1, shift: 0, skill: 0, count: 1, penalty: 1 },
    ]);
    expect(personScore(problem, roster, 0)).toEqual({ hard: 1, soft: 0 });
  });

  it('counts the cells of a person whose profile lost every skill', () => {
    const problem = tinyProblem({ days: 3, staff: [{ skills: [] }] });
    const roster = tinyRoster(problem, ['-E-']);
    roster.skill[1] = 0;
    expect(penaltyOf(problem, roster, 'missing_skill')).toBe(1);
  });
});

describe('leave', () => {
  it('counts each day of an approved leave covered by an assignment', () => {
    const problem = tinyProblem({ days: 5, staff: [{ leaveDays: [1, 2, 3] }] });
    const roster = tinyRoster(problem, ['EE-LL']);
    expect(violationsOf(problem, roster, 'leave')).toEqual([
      { constraint: 'leave', severity: 'hard', person: 0, day: 1, shift: 0, count: 1, penalty: 1 },
      { constraint: 'leave', severity: 'hard', person: 0, day: 3, shift: 1, count: 1, penalty: 1 },
    ]);
    expect(evaluate(problem, tinyRoster(problem, ['E---L'])).score.hard).toBe(0);
  });
});

describe('consecutive_same_shift', () => {
  const limits = { shiftLimits: { E: [2, 3] as [number, number], L: [2, 3] as [number, number] } };

  it('charges the days short of the minimum and over the maximum of each closed run', () => {
    // E alone on day 0 (1 short), EEEE on days 2–5 (1 over), day 6 off.
    const problem = tinyProblem({ days: 7, ...limits, staff: [{}] });
    expect(violationsOf(problem, tinyRoster(problem, ['E-EEEE-']), 'consecutive_same_shift')).toEqual([
      { constraint: 'consecutive_same_shift', severity: 'soft', person: 0, day: 0, shift: 0, count: 1, penalty: 15 },
      { constraint: 'consecutive_same_shift', severity: 'soft', person: 0, day: 2, shift: 0, count: 1, penalty: 15 },
    ]);
  });

  it('ends a run at another shift type', () => {
    // EL--: E 1 short, L 1 short.
    const problem = tinyProblem({ days: 4, ...limits, staff: [{}] });
    expect(penaltyOf(problem, tinyRoster(problem, ['EL--']), 'consecutive_same_shift')).toBe(30);
  });

  it('judges a run open on the last day only for being too long', () => {
    const problem = tinyProblem({ days: 6, ...limits, staff: [{}] });
    expect(penaltyOf(problem, tinyRoster(problem, ['-----E']), 'consecutive_same_shift')).toBe(0);
    expect(penaltyOf(problem, tinyRoster(problem, ['-EEEEE']), 'consecutive_same_shift')).toBe(30);
  });

  it('judges a carried run that day 0 breaks only for being too short', () => {
    const shortCarry = tinyProblem({ days: 3, ...limits, staff: [{ carryIn: { lastShift: 'E', consecutiveSameShift: 1, consecutiveWorkingDays: 1 } }] });
    expect(violationsOf(shortCarry, tinyRoster(shortCarry, ['LL-']), 'consecutive_same_shift')).toEqual([
      { constraint: 'consecutive_same_shift', severity: 'soft', person: 0, day: 0, shift: 0, count: 1, penalty: 15 },
    ]);
    const longCarry = tinyProblem({ days: 3, ...limits, staff: [{ carryIn: { lastShift: 'E', consecutiveSameShift: 6, consecutiveWorkingDays: 6 } }] });
    expect(penaltyOf(longCarry, tinyRoster(longCarry, ['---']), 'consecutive_same_shift')).toBe(0);
  });

  it('counts the carried days in a run touching day 0, charging only the excess not charged before', () => {
    // Carried 2 E, then EE: 4 days, max 3: 1 over.
    const within = tinyProblem({ days: 4, ...limits, staff: [{ carryIn: { lastShift: 'E', consecutiveSameShift: 2, consecutiveWorkingDays: 2 } }] });
    expect(penaltyOf(within, tinyRoster(within, ['EE--']), 'consecutive_same_shift')).toBe(15);
    // Carried 1 E, then E: 2 days, min 2: nothing short.
    const short = tinyProblem({ days: 4, ...limits, staff: [{ carryIn: { lastShift: 'E', consecutiveSameShift: 1, consecutiveWorkingDays: 1 } }] });
    expect(penaltyOf(short, tinyRoster(short, ['E---']), 'consecutive_same_shift')).toBe(0);
    // Carried 5 E (2 over, charged before), then EE: 7 days, 4 over, 2 of them new.
    const over = tinyProblem({ days: 4, ...limits, staff: [{ carryIn: { lastShift: 'E', consecutiveSameShift: 5, consecutiveWorkingDays: 5 } }] });
    expect(penaltyOf(over, tinyRoster(over, ['EE--']), 'consecutive_same_shift')).toBe(30);
  });
});

describe('consecutive_working_days', () => {
  const contract = { minConsecutiveWorkingDays: 3, maxConsecutiveWorkingDays: 4 };

  it('charges the days short and over of each closed run of worked days, whatever the shift types', () => {
    // EL (2: 1 short), ELNEE (5: 1 over), E on the last day (open, too short only): 2 × 30.
    const problem = tinyProblem({ days: 10, staff: [{ contract }] });
    expect(violationsOf(problem, tinyRoster(problem, ['EL-ELNEE-E']), 'consecutive_working_days')).toEqual([
      { constraint: 'consecutive_working_days', severity: 'soft', person: 0, day: 0, count: 1, penalty: 30 },
      { constraint: 'consecutive_working_days', severity: 'soft', person: 0, day: 3, count: 1, penalty: 30 },
    ]);
  });

  it('judges a run open on the last day only for being too long', () => {
    const problem = tinyProblem({ days: 7, staff: [{ contract }] });
    expect(penaltyOf(problem, tinyRoster(problem, ['-----EE']), 'consecutive_working_days')).toBe(0);
    expect(penaltyOf(problem, tinyRoster(problem, ['----EE-']), 'consecutive_working_days')).toBe(30);
    expect(penaltyOf(problem, tinyRoster(problem, ['-EEEEEE']), 'consecutive_working_days')).toBe(60);
  });

  it('charges a carried run closed on day 0 for the days it is short', () => {
    // One day worked before the period, day 0 off: 2 short.
    const problem = tinyProblem({ days: 7, staff: [{ contract, carryIn: { lastShift: 'E', consecutiveWorkingDays: 1, consecutiveSameShift: 1 } }] });
    expect(violationsOf(problem, tinyRoster(problem, ['-EEE---']), 'consecutive_working_days')).toEqual([
      { constraint: 'consecutive_working_days', severity: 'soft', person: 0, day: 0, count: 2, penalty: 60 },
    ]);
  });

  it('charges a carried run too long and continued only for its new excess', () => {
    // 6 worked before (max 4: 2 over, charged before), 2 more: 8 days, 4 over, 2 new.
    const problem = tinyProblem({ days: 7, staff: [{ contract, carryIn: { lastShift: 'E', consecutiveWorkingDays: 6, consecutiveSameShift: 6 } }] });
    expect(penaltyOf(problem, tinyRoster(problem, ['EE-----']), 'consecutive_working_days')).toBe(60);
    // Stopping on day 0 adds nothing: a long carried run is never short.
    expect(penaltyOf(problem, tinyRoster(problem, ['---EEE-']), 'consecutive_working_days')).toBe(0);
  });

  it('counts the carried days towards the minimum of a run touching day 0', () => {
    const problem = tinyProblem({ days: 7, staff: [{ contract, carryIn: { lastShift: 'E', consecutiveWorkingDays: 1, consecutiveSameShift: 1 } }] });
    // 1 + 1 = 2 days: 1 short.
    expect(penaltyOf(problem, tinyRoster(problem, ['L---EEE']), 'consecutive_working_days')).toBe(30);
    // 1 + 2 = 3 days: enough.
    expect(penaltyOf(problem, tinyRoster(problem, ['LL--EEE']), 'consecutive_working_days')).toBe(0);
  });
});

describe('consecutive_days_off', () => {
  const contract = { minConsecutiveDaysOff: 2, maxConsecutiveDaysOff: 3 };

  it('charges the days short and over of each closed run of days off', () => {
    // Day 1 off alone (1 short), days 4–7 off (1 over): 2 × 30.
    const problem = tinyProblem({ days: 9, staff: [{ contract }] });
    expect(violationsOf(problem, tinyRoster(problem, ['E-EE----E']), 'consecutive_days_off')).toEqual([
      { constraint: 'consecutive_days_off', severity: 'soft', person: 0, day: 1, count: 1, penalty: 30 },
      { constraint: 'consecutive_days_off', severity: 'soft', person: 0, day: 4, count: 1, penalty: 30 },
    ]);
  });

  it('judges days off open on the last day only for being too many', () => {
    const problem = tinyProblem({ days: 7, staff: [{ contract }] });
    expect(penaltyOf(problem, tinyRoster(problem, ['EEEEEE-']), 'consecutive_days_off')).toBe(0);
    expect(penaltyOf(problem, tinyRoster(problem, ['EE-----']), 'consecutive_days_off')).toBe(60);
  });

  it('charges a carried rest closed on day 0 for the days it is short, and continues a carried rest', () => {
    const broken = tinyProblem({ days: 7, staff: [{ contract, carryIn: { consecutiveDaysOff: 1 } }] });
    expect(penaltyOf(broken, tinyRoster(broken, ['EEEEEEE']), 'consecutive_days_off')).toBe(30);
    const continued = tinyProblem({ days: 7, staff: [{ contract, carryIn: { consecutiveDaysOff: 2 } }] });
    // 2 carried + 2 = 4 off: 1 over.
    expect(penaltyOf(continued, tinyRoster(continued, ['--EEEEE']), 'consecutive_days_off')).toBe(30);
    // 2 carried + 1 = 3: fine.
    expect(penaltyOf(continued, tinyRoster(continued, ['-EEEEEE']), 'consecutive_days_off')).toBe(0);
  });
});

describe('preference', () => {
  it('counts a day_off or shift_off worked and a shift_on not worked, one per request', () => {
    const problem = tinyProblem({
      days: 5,
      staff: [{}],
      preferences: [
        { person: 0, day: 0, kind: 'day_off' },
        { person: 0, day: 1, kind: 'shift_off', shift: 'E' },
        { person: 0, day: 2, kind: 'shift_off', shift: 'L' },
        { person: 0, day: 3, kind: 'shift_on', shift: 'E' },
        { person: 0, day: 4, kind: 'shift_on', shift: 'N' },
      ],
    });
    const roster = tinyRoster(problem, ['ELL-N']);
    expect(violationsOf(problem, roster, 'preference')).toEqual([
      { constraint: 'preference', severity: 'soft', person: 0, day: 0, count: 1, penalty: 10 },
      { constraint: 'preference', severity: 'soft', person: 0, day: 2, shift: 1, count: 1, penalty: 10 },
      { constraint: 'preference', severity: 'soft', person: 0, day: 3, shift: 0, count: 1, penalty: 10 },
    ]);
    expect(evaluate(problem, roster).staff[0]).toMatchObject({ preferencesHonoured: 2, preferencesBroken: 3 });
  });
});

describe('preference outside the period', () => {
  it('concerns no cell: neither charged nor counted, nor read from another person’s row', () => {
    const problem = tinyProblem({ days: 2, staff: [{}, {}], preferences: [{ person: 0, day: 2, kind: 'day_off' }] });
    const roster = tinyRoster(problem, ['--', 'EE']);
    expect(evaluate(problem, roster).score).toEqual({ hard: 0, soft: 0 });
    expect(evaluate(problem, roster).staff[0]).toMatchObject({ preferencesHonoured: 0, preferencesBroken: 0 });
  });
});

describe('complete_weekend', () => {
  it('charges each weekend worked on one of its two days', () => {
    // From a Monday: Saturday–Sunday are days 5–6 and 12–13.
    const problem = tinyProblem({ days: 14, staff: [{ contract: { completeWeekends: true } }] });
    expect(violationsOf(problem, tinyRoster(problem, ['-----E-' + '-----EE']), 'complete_weekend')).toEqual([
      { constraint: 'complete_weekend', severity: 'soft', person: 0, day: 5, count: 1, penalty: 30 },
    ]);
    expect(penaltyOf(problem, tinyRoster(problem, ['------E' + '-----L-']), 'complete_weekend')).toBe(60);
  });

  it('leaves a contract without completeWeekends alone', () => {
    const problem = tinyProblem({ days: 7, staff: [{ contract: { completeWeekends: false } }] });
    expect(penaltyOf(problem, tinyRoster(problem, ['-----E-']), 'complete_weekend')).toBe(0);
  });

  it('never charges one-day weekends (weekendDays [5])', () => {
    // Fridays are days 4 and 11.
    const problem = tinyProblem({ days: 14, weekendDays: [5], staff: [{ contract: { completeWeekends: true } }] });
    expect(penaltyOf(problem, tinyRoster(problem, ['----E--' + '----E--']), 'complete_weekend')).toBe(0);
  });

  it('takes a weekend cut by the period’s border as the days inside it: a period starting on a Sunday', () => {
    const problem = tinyProblem({ days: 7, firstWeekday: 0, staff: [{ contract: { completeWeekends: true, maxWorkingWeekends: 0 } }] });
    // Sunday (day 0) and Saturday (day 6) are two weekends of one day each.
    const roster = tinyRoster(problem, ['E-----E']);
    expect(penaltyOf(problem, roster, 'complete_weekend')).toBe(0);
    expect(penaltyOf(problem, roster, 'working_weekends')).toBe(60);
  });

  it('takes a weekend as the weekend days that follow each other: Thursday–Friday–Saturday', () => {
    const problem = tinyProblem({ days: 7, weekendDays: [4, 5, 6], staff: [{ contract: { completeWeekends: true } }] });
    expect(penaltyOf(problem, tinyRoster(problem, ['---EEE-']), 'complete_weekend')).toBe(0);
    expect(penaltyOf(problem, tinyRoster(problem, ['---E-E-']), 'complete_weekend')).toBe(30);
  });
});

describe('total_assignments', () => {
  it('charges each assignment short of the minimum or over the maximum', () => {
    const problem = tinyProblem({ days: 7, staff: [{ contract: { minAssignments: 3, maxAssignments: 4 } }] });
    expect(violationsOf(problem, tinyRoster(problem, ['E-----E']), 'total_assignments')).toEqual([
      { constraint: 'total_assignments', severity: 'soft', person: 0, count: 1, penalty: 20 },
    ]);
    expect(penaltyOf(problem, tinyRoster(problem, ['EEELLL-']), 'total_assignments')).toBe(40);
    expect(penaltyOf(problem, tinyRoster(problem, ['EEE----']), 'total_assignments')).toBe(0);
  });
});

describe('working_weekends', () => {
  it('charges each weekend worked over the maximum, a weekend worked on any of its days', () => {
    const problem = tinyProblem({ days: 21, staff: [{ contract: { maxWorkingWeekends: 1 } }] });
    expect(violationsOf(problem, tinyRoster(problem, ['-----E-' + '------L' + '-----NN']), 'working_weekends')).toEqual([
      { constraint: 'working_weekends', severity: 'soft', person: 0, count: 2, penalty: 60 },
    ]);
    expect(evaluate(problem, tinyRoster(problem, ['-----E-' + '------L' + '-----NN'])).staff[0]!.workingWeekends).toBe(3);
  });

  it('counts one-day weekends (weekendDays [5]) one by one', () => {
    const problem = tinyProblem({ days: 14, weekendDays: [5], staff: [{ contract: { maxWorkingWeekends: 0 } }] });
    expect(penaltyOf(problem, tinyRoster(problem, ['----E--' + '---EE--']), 'working_weekends')).toBe(60);
  });
});

describe('a person without a contract', () => {
  it('is judged by the shift types, coverage and hard rules only', () => {
    const problem = tinyProblem({
      days: 7,
      shiftLimits: { E: [2, 3] },
      forbidden: ['LE'],
      staff: [{ contract: null, carryIn: { lastShift: 'L', consecutiveWorkingDays: 20, consecutiveSameShift: 1 } }],
    });
    // Seven days worked after twenty: no contract rule; L carried 1 day, broken (min 1): 0; E for 7 days, open, 4 over;
    // L → E on day 0 forbidden.
    const roster = tinyRoster(problem, ['EEEEEEE']);
    expect(evaluate(problem, roster).score).toEqual({ hard: 1, soft: 60 });
    expect(evaluate(problem, roster).violations.map((violation) => violation.constraint).sort()).toEqual([
      'consecutive_same_shift',
      'forbidden_succession',
    ]);
  });
});

describe('weights', () => {
  it('charges each soft unit at the ward’s weight, and lists nothing weighted 0', () => {
    const problem = tinyProblem({
      days: 2,
      staff: [{ contract: { maxAssignments: 0 } }],
      preferences: [{ person: 0, day: 0, kind: 'day_off' }],
      weights: { preference: 7, total_assignments: 0 },
    });
    const roster = tinyRoster(problem, ['EE']);
    expect(evaluate(problem, roster).score).toEqual({ hard: 0, soft: 7 });
    expect(evaluate(problem, roster).violations.map((violation) => violation.constraint)).toEqual(['preference']);
    expect(personScore(problem, roster, 0)).toEqual({ hard: 0, soft: 7 });
  });
});

describe('staff figures', () => {
  it('counts assignments, minutes, nights and working weekends per person', () => {
    const problem = tinyProblem({ days: 7, staff: [{}, {}] });
    const { staff } = evaluate(problem, tinyRoster(problem, ['EN--LNN', '-------']));
    expect(staff).toEqual([
      { person: 0, assignments: 5, minutes: 2400, workingWeekends: 1, nights: 3, preferencesHonoured: 0, preferencesBroken: 0 },
      { person: 1, assignments: 0, minutes: 0, workingWeekends: 0, nights: 0, preferencesHonoured: 0, preferencesBroken: 0 },
    ]);
  });
});
