// npm run solver:fingerprint: one line per case of what the solver makes of a fixed input with a fixed seed and budget
// of moves, single-threaded, on a clock that never moves (so the budget decides, never the machine's speed): a hash of
// the roster, its score, the moves, why it stopped, and a hash of the improvements it reported. A change to the solver
// that means to keep its behaviour keeps every line; run it before and after and compare.
//
// The cases take each path of a search: the greedy roster annealed; a plan of working days (the clock's deadline is
// near, so the plan's share of it cannot afford whole rows) with its shift types, annealing and one sweep of windows;
// a plan of whole rows (a deadline far away); a search that takes another's plan and shares its best; a repair, without HiGHS and with it (which re-plans
// windows around the holes it cannot fill).
//
//   --only name,name    these cases only
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Highs } from 'highs';
import { readInrc2Instance } from '../server/rota/inrc2/index.js';
import { DEFAULT_WEIGHTS, compareScores, copyRoster, coverageIndex, emptyRoster, type Roster, type RosterProblem, type Score } from '../server/rota/problem.js';
import { loadHighs } from '../server/rota/solver/load-highs.js';
import { seededRandom } from '../server/rota/solver/random.js';
import { solve, type SharedBest, type SharedPlan, type SolveInput, type SolveOptions, type SolveResult } from '../server/rota/solver/solve.js';

// Compiled to dist/scripts/: the repository's root is two folders up.
const DATA = join(fileURLToPath(new URL('../..', import.meta.url)), 'data', 'inrc2');

/** A clock deadline the frozen clock never reaches, and far enough that any plan is one of whole rows. */
const FAR = 1e15;
/** A deadline so near that a plan is one of working days (the frozen clock never reaches it either). */
const NEAR = 1;

function inrc2(id: string): RosterProblem {
  return readInrc2Instance(join(DATA, id.split('_')[0]!), id).problem;
}

/**
 * A synthetic ward drawn from `seed`: `people` nurses over `days` days from a Monday, early, late and night shifts
 * (no early after a late or a night, no late after a night), two skills (a fifth of the nurses hold both), coverage
 * each shift and skill, some leave and some requests.
 */
function syntheticWard(seed: number, people: number, days: number): RosterProblem {
  const random = seededRandom(seed);
  const contract = {
    minAssignments: Math.floor(days * 0.5),
    maxAssignments: Math.ceil(days * 0.75),
    minConsecutiveWorkingDays: 2,
    maxConsecutiveWorkingDays: 5,
    minConsecutiveDaysOff: 2,
    maxConsecutiveDaysOff: 4,
    maxWorkingWeekends: Math.ceil(days / 14),
    completeWeekends: true,
  };
  const problem: RosterProblem = {
    days,
    firstWeekday: 1,
    weekendDays: [6, 0],
    skills: ['charge', 'nurse'],
    shiftTypes: [
      { id: 1, code: 'E', minutes: 480, endsNextDay: false, minConsecutive: 2, maxConsecutive: 5, assignable: true },
      { id: 2, code: 'L', minutes: 480, endsNextDay: false, minConsecutive: 2, maxConsecutive: 5, assignable: true },
      { id: 3, code: 'N', minutes: 600, endsNextDay: true, minConsecutive: 3, maxConsecutive: 5, assignable: true },
    ],
    forbiddenNext: [
      [false, false, false],
      [true, false, false],
      [true, true, false],
    ],
    staff: Array.from({ length: people }, (_, p) => {
      const leaveFrom = random.int(4) === 0 ? random.int(days) : days;
      return {
        id: 1000 + p,
        skills: p % 5 === 0 ? [0, 1] : [1],
        contract,
        carryIn: { lastShift: null, consecutiveWorkingDays: 0, consecutiveDaysOff: 2, consecutiveSameShift: 0 },
        leave: Array.from({ length: days }, (_, d) => d >= leaveFrom && d < leaveFrom + 3),
      };
    }),
    minimum: [],
    optimal: [],
    preferences: Array.from({ length: people }, (_, person) => ({
      person,
      day: random.int(days),
      kind: (['day_off', 'shift_off', 'shift_on'] as const)[random.int(3)]!,
      shift: random.int(3),
    })).map((preference) => (preference.kind === 'day_off' ? { ...preference, shift: null } : preference)),
    weights: { ...DEFAULT_WEIGHTS },
  };
  const size = days * problem.shiftTypes.length * problem.skills.length;
  problem.minimum = new Array<number>(size).fill(0);
  problem.optimal = new Array<number>(size).fill(0);
  const nurses = Math.max(1, Math.floor(people / 8));
  for (let d = 0; d < days; d++) {
    for (let s = 0; s < 3; s++) {
      problem.minimum[coverageIndex(problem, d, s, 0)] = 1;
      problem.optimal[coverageIndex(problem, d, s, 0)] = 1;
      problem.minimum[coverageIndex(problem, d, s, 1)] = nurses;
      problem.optimal[coverageIndex(problem, d, s, 1)] = nurses + random.int(2);
    }
  }
  return problem;
}

/** A repair of `problem`'s roster `roster`: from the middle day on, nurse 0 is away and each changed cell costs 30. */
function repairOf(problem: RosterProblem, roster: Roster): { input: SolveInput; problem: RosterProblem } {
  const from = Math.floor(problem.days / 2);
  const staff = problem.staff.map((person, p) => (p === 0 ? { ...person, leave: person.leave.map((away, d) => away || d >= from) } : person));
  const repaired: RosterProblem = { ...problem, staff, reference: { roster: copyRoster(roster), from, weight: 30 } };
  return { problem: repaired, input: { problem: repaired, initial: copyRoster(roster) } };
}

/** A plan and a best kept in memory, as the threads keep them in shared memory (`sharedPlanOn`, `sharedBestOn`). */
function sharedInMemory(): { plan: SharedPlan; best: SharedBest } {
  let planned: Roster | null = null;
  let best: { roster: Roster; score: Score } | null = null;
  return {
    plan: {
      offer: (roster) => void (planned = copyRoster(roster)),
      take: () => (planned === null ? null : copyRoster(planned)),
    },
    best: {
      offer: (roster, score) => {
        if (best === null || compareScores(score, best.score) < 0) best = { roster: copyRoster(roster), score };
      },
      takeIfBetter: (score) => (best !== null && compareScores(best.score, score) < 0 ? { roster: copyRoster(best.roster), score: best.score } : null),
    },
  };
}

interface Run {
  result: SolveResult;
  /** Every improvement reported, in order: moves, hard, soft. */
  trail: number[];
}

function run(input: SolveInput, options: Omit<SolveOptions, 'now' | 'onImprove'>): Run {
  const trail: number[] = [];
  const result = solve(input, { ...options, now: () => 0, onImprove: (progress) => trail.push(progress.moves, progress.hard, progress.soft) });
  return { result, trail };
}

function hash(...parts: ArrayBufferView[]): string {
  const digest = createHash('sha256');
  for (const part of parts) digest.update(new Uint8Array(part.buffer, part.byteOffset, part.byteLength));
  return digest.digest('hex').slice(0, 16);
}

function line(name: string, { result, trail }: Run): string {
  const roster = hash(result.roster.shift, result.roster.skill);
  const reports = hash(Float64Array.from(trail));
  return `${name.padEnd(28)} roster ${roster}  score ${result.score.hard}/${result.score.soft}  moves ${result.moves}  ${result.stoppedBy}  reports ${reports} (${trail.length / 3})`;
}

type Case = (highs: Highs) => Array<[string, Run]>;

/**
 * A repair of an INRC-II instance's annealed roster, without HiGHS and with it: a repair whose holes stay then
 * re-plans windows around them.
 */
function inrc2Repairs(name: string, id: string, highs: Highs): Array<[string, Run]> {
  const problem = inrc2(id);
  const start = solve({ problem, initial: emptyRoster(problem) }, { now: () => 0, deadline: FAR, seed: 12, maxMoves: 100_000 });
  const repair = repairOf(problem, start.roster);
  return [
    [`${name} repair`, run(repair.input, { deadline: FAR, seed: 13, maxMoves: 50_000 })],
    [`${name} repair holes`, run(repair.input, { deadline: FAR, seed: 13, maxMoves: 50_000, highs, plan: false })],
  ];
}

const CASES: Record<string, Case> = {
  'n005w4 greedy': () => {
    const problem = inrc2('n005w4_0_1-2-3-3');
    return [['n005w4 greedy', run({ problem, initial: emptyRoster(problem) }, { deadline: FAR, seed: 1, maxMoves: 200_000 })]];
  },
  'n005w4 plan-days': (highs) => {
    const problem = inrc2('n005w4_0_1-2-3-3');
    return [['n005w4 plan-days', run({ problem, initial: emptyRoster(problem) }, { deadline: NEAR, seed: 2, maxMoves: 100_000, highs })]];
  },
  'n005w4 plan-rows': (highs) => {
    const problem = inrc2('n005w4_0_1-2-3-3');
    return [['n005w4 plan-rows', run({ problem, initial: emptyRoster(problem) }, { deadline: FAR, seed: 3, maxMoves: 100_000, highs })]];
  },
  'n021w4 greedy': () => {
    const problem = inrc2('n021w4_0_5-4-1-2');
    return [['n021w4 greedy', run({ problem, initial: emptyRoster(problem) }, { deadline: FAR, seed: 4, maxMoves: 200_000 })]];
  },
  'n021w4 plan-days': (highs) => {
    const problem = inrc2('n021w4_0_5-4-1-2');
    return [['n021w4 plan-days', run({ problem, initial: emptyRoster(problem) }, { deadline: NEAR, seed: 5, maxMoves: 100_000, highs })]];
  },
  'ward greedy': () => {
    const problem = syntheticWard(17, 16, 28);
    return [['ward greedy', run({ problem, initial: emptyRoster(problem) }, { deadline: FAR, seed: 6, maxMoves: 200_000 })]];
  },
  'ward plan-days shared': (highs) => {
    // One search plans and offers its plan; a second plans nothing, takes the plan, and both share their best.
    const problem = syntheticWard(23, 12, 21);
    const shared = sharedInMemory();
    const first = run({ problem, initial: emptyRoster(problem) }, { deadline: NEAR, seed: 7, maxMoves: 60_000, highs, sharedPlan: shared.plan, sharedBest: shared.best });
    const second = run(
      { problem, initial: emptyRoster(problem) },
      { deadline: NEAR, seed: 8, maxMoves: 60_000, highs, plan: false, sharedPlan: shared.plan, sharedBest: shared.best, sweepPart: 0.5 },
    );
    return [
      ['ward plan-days (planner)', first],
      ['ward plan-days (taker)', second],
    ];
  },
  'ward plan-rows': (highs) => {
    const problem = syntheticWard(29, 10, 14);
    return [['ward plan-rows', run({ problem, initial: emptyRoster(problem) }, { deadline: FAR, seed: 9, maxMoves: 60_000, highs })]];
  },
  'ward repair': () => {
    const problem = syntheticWard(31, 12, 28);
    const start = solve({ problem, initial: emptyRoster(problem) }, { now: () => 0, deadline: FAR, seed: 10, maxMoves: 50_000 });
    const repair = repairOf(problem, start.roster);
    return [['ward repair', run(repair.input, { deadline: FAR, seed: 11, maxMoves: 50_000 })]];
  },
  'n005w4 repair': (highs) => inrc2Repairs('n005w4', 'n005w4_0_1-2-3-3', highs),
  'n021w4 repair': (highs) => inrc2Repairs('n021w4', 'n021w4_0_5-4-1-2', highs),
};

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { only: { type: 'string' } } });
  const names = values.only === undefined ? Object.keys(CASES) : values.only.split(',').map((name) => name.trim());
  for (const name of names) if (!(name in CASES)) throw new Error(`no case named ${name}; the cases: ${Object.keys(CASES).join(', ')}`);
  for (const name of names) {
    // HiGHS of its own for each case, as each solver thread loads its own.
    const highs = await loadHighs();
    for (const [label, result] of CASES[name]!(highs)) console.log(line(label, result));
  }
}

await main();
