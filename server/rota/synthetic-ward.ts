/**
 * Synthetic wards shaped like INRC-II's (data/inrc2/), at sizes the competition has none of: the solver's scaling
 * benchmark (`npm run bench:rota -- --scaling`, docs/rota.md §12) and its tests draw them. Everything comes from the
 * seed, so a ward is the same on every run. The shape is the 120-nurse scenario's: four skills held in the same mix,
 * three contracts scaled to the horizon, four shift types with its successions, coverage whose minimum asks about each
 * contract's minimum of assignments and whose optimum about its maximum (feasible, but tight in soft terms), weekend
 * coverage half a weekday's, shift-off and day-off requests at its density, and a history as carry-in.
 */
import { DEFAULT_WEIGHTS, coverageIndex, type CarryIn, type ContractSpec, type Preference, type RosterProblem, type ShiftTypeSpec, type StaffSpec } from './problem.js';
import { seededRandom, type Random } from './solver/random.js';

export const SYNTHETIC_SKILLS = ['HeadNurse', 'Nurse', 'Caretaker', 'Trainee'] as const;

/** Who holds which skills (indices into `SYNTHETIC_SKILLS`), in the 120-nurse scenario's proportions. */
const SKILL_GROUPS: { skills: number[]; share: number; work: number[] }[] = [
  // `work[k]`: the share of the group's assignments the coverage asks of skill k.
  { skills: [0, 1], share: 1 / 6, work: [0.3, 0.7, 0, 0] },
  { skills: [1, 2], share: 1 / 4, work: [0, 0.5, 0.5, 0] },
  { skills: [3], share: 1 / 4, work: [0, 0, 0, 1] },
  { skills: [2], share: 1 / 3, work: [0, 0, 1, 0] },
];

/** The scenario's contracts per week of the horizon, and how often each is drawn. */
const CONTRACTS = [
  { name: 'FullTime', odds: 0.39, minPerWeek: 3.75, maxPerWeek: 5, work: [3, 5], off: [2, 3], weekendShare: 1 / 2 },
  { name: 'PartTime', odds: 0.31, minPerWeek: 2.75, maxPerWeek: 3.75, work: [3, 5], off: [2, 5], weekendShare: 1 / 2 },
  { name: 'HalfTime', odds: 0.3, minPerWeek: 1.75, maxPerWeek: 2.75, work: [4, 7], off: [4, 7], weekendShare: 1 / 4 },
] as const;

/** Requests per person and week (the scenario's weeks average 0.45), and the share of them for the whole day. */
const REQUESTS_PER_WEEK = 0.45;
const DAY_OFF_SHARE = 0.58;
/** The share of people whose history ends on a working day. */
const WORKED_LAST_DAY = 1 / 3;
/** A weekend day's coverage against a weekday's. */
const WEEKEND_WEIGHT = 0.5;

export interface SyntheticWard {
  problem: RosterProblem;
  /** `contracts[p]`: the name of person p's contract. */
  contracts: string[];
}

/** The number of weekends a horizon touches (a lone Saturday or Sunday at either end counts). */
function weekendsIn(days: number, firstWeekday: number, weekendDays: number[]): number {
  let weekends = 0;
  let inWeekend = false;
  for (let d = 0; d < days; d++) {
    const weekend = weekendDays.includes((firstWeekday + d) % 7);
    if (weekend && !inWeekend) weekends++;
    inWeekend = weekend;
  }
  return weekends;
}

/** `value` rounded down or up at random, so that many such draws add up to the sum of the values. */
function roundAtRandom(value: number, random: Random): number {
  return Math.floor(value + random.next());
}

/** A ward of `people` people over `days` days from a Monday, drawn from `seed`. */
export function syntheticWard(seed: number, people: number, days: number): SyntheticWard {
  if (!Number.isInteger(people) || people < 6) throw new Error('a synthetic ward needs a whole number of at least 6 people');
  if (!Number.isInteger(days) || days < 7) throw new Error('a synthetic ward needs a whole number of at least 7 days');
  const random = seededRandom(seed);
  const weeks = days / 7;
  const firstWeekday = 1;
  const weekendDays = [6, 0];
  const weekends = weekendsIn(days, firstWeekday, weekendDays);

  const shiftTypes: ShiftTypeSpec[] = [
    { id: 1, code: 'Early', minutes: 480, endsNextDay: false, minConsecutive: 2, maxConsecutive: days, assignable: true },
    { id: 2, code: 'Day', minutes: 480, endsNextDay: false, minConsecutive: 2, maxConsecutive: days, assignable: true },
    { id: 3, code: 'Late', minutes: 480, endsNextDay: false, minConsecutive: 2, maxConsecutive: 5, assignable: true },
    { id: 4, code: 'Night', minutes: 480, endsNextDay: true, minConsecutive: 4, maxConsecutive: 5, assignable: true },
  ];
  // After a late no early or day; after a night no early, day or late.
  const forbiddenNext = [
    [false, false, false, false],
    [false, false, false, false],
    [true, true, false, false],
    [true, true, true, false],
  ];
  const contractSpecs: ContractSpec[] = CONTRACTS.map((contract) => ({
    minAssignments: Math.round(contract.minPerWeek * weeks),
    maxAssignments: Math.round(contract.maxPerWeek * weeks),
    minConsecutiveWorkingDays: contract.work[0],
    maxConsecutiveWorkingDays: contract.work[1],
    minConsecutiveDaysOff: contract.off[0],
    maxConsecutiveDaysOff: contract.off[1],
    maxWorkingWeekends: Math.floor(weekends * contract.weekendShare),
    completeWeekends: true,
  }));

  // Group sizes by largest remainder, so that they add up to `people` and every group has someone in it.
  const sizes = SKILL_GROUPS.map((group) => Math.max(1, Math.floor(group.share * people)));
  for (let g = 0; sizes.reduce((sum, n) => sum + n, 0) < people; g = (g + 1) % sizes.length) sizes[g]!++;
  const groupOf: number[] = sizes.flatMap((size, g) => new Array<number>(size).fill(g));

  const contracts: string[] = [];
  const staff: StaffSpec[] = groupOf.map((g, p) => {
    const draw = random.next();
    const c = draw < CONTRACTS[0].odds ? 0 : draw < CONTRACTS[0].odds + CONTRACTS[1].odds ? 1 : 2;
    contracts.push(CONTRACTS[c]!.name);
    return { id: p + 1, skills: [...SKILL_GROUPS[g]!.skills], contract: contractSpecs[c]!, carryIn: drawCarryIn(random, shiftTypes.length), leave: new Array<boolean>(days).fill(false) };
  });

  const size = days * shiftTypes.length * SYNTHETIC_SKILLS.length;
  const problem: RosterProblem = {
    days,
    firstWeekday,
    weekendDays,
    skills: [...SYNTHETIC_SKILLS],
    shiftTypes,
    forbiddenNext,
    staff,
    minimum: new Array<number>(size).fill(0),
    optimal: new Array<number>(size).fill(0),
    preferences: drawRequests(random, people, days, shiftTypes.length),
    weights: { ...DEFAULT_WEIGHTS },
  };

  // What the coverage asks of each skill over the horizon: the assignments its holders' contracts allow, shared out.
  const minimumOf = SYNTHETIC_SKILLS.map(() => 0);
  const optimalOf = SYNTHETIC_SKILLS.map(() => 0);
  staff.forEach((person, p) => {
    SKILL_GROUPS[groupOf[p]!]!.work.forEach((share, k) => {
      minimumOf[k]! += share * person.contract!.minAssignments;
      optimalOf[k]! += share * person.contract!.maxAssignments;
    });
  });
  const dayWeight = Array.from({ length: days }, (_, d) => (weekendDays.includes((firstWeekday + d) % 7) ? WEEKEND_WEIGHT : 1));
  const totalWeight = dayWeight.reduce((sum, w) => sum + w, 0);
  for (let d = 0; d < days; d++) {
    for (let s = 0; s < shiftTypes.length; s++) {
      for (let k = 0; k < SYNTHETIC_SKILLS.length; k++) {
        // Each cell varies by up to a quarter either way, as the scenario's weeks do.
        const expected = (minimumOf[k]! * dayWeight[d]! * (0.75 + 0.5 * random.next())) / (totalWeight * shiftTypes.length);
        const minimum = roundAtRandom(expected, random);
        const index = coverageIndex(problem, d, s, k);
        problem.minimum[index] = minimum;
        problem.optimal[index] = Math.max(minimum, roundAtRandom((expected * optimalOf[k]!) / Math.max(1, minimumOf[k]!), random));
      }
    }
  }
  return { problem, contracts };
}

/** How a person's days before day 0 ended: a third were working (on one shift type for a day or more), the rest off. */
function drawCarryIn(random: Random, shiftTypes: number): CarryIn {
  if (random.next() >= WORKED_LAST_DAY) return { lastShift: null, consecutiveWorkingDays: 0, consecutiveDaysOff: 1 + random.int(4), consecutiveSameShift: 0 };
  const consecutiveSameShift = 1 + random.int(3);
  return { lastShift: random.int(shiftTypes), consecutiveWorkingDays: consecutiveSameShift + random.int(3), consecutiveDaysOff: 0, consecutiveSameShift };
}

/** Shift-off and day-off requests at the scenario's density, at most one per person and day. */
function drawRequests(random: Random, people: number, days: number, shiftTypes: number): Preference[] {
  const count = Math.round((REQUESTS_PER_WEEK * people * days) / 7);
  const taken = new Set<number>();
  const requests: Preference[] = [];
  while (requests.length < count) {
    const person = random.int(people);
    const day = random.int(days);
    if (taken.has(person * days + day)) continue;
    taken.add(person * days + day);
    requests.push(random.next() < DAY_OFF_SHARE ? { person, day, kind: 'day_off', shift: null } : { person, day, kind: 'shift_off', shift: random.int(shiftTypes) });
  }
  return requests.sort((a, b) => a.person - b.person || a.day - b.day);
}
