import type { Highs } from 'highs';
import type { Roster, RosterProblem, Score } from '../problem.js';
import { anneal } from './anneal.js';
import type { RequirementPrices } from './master-problem.js';
import { construct } from './construct.js';
import { moveSpace, type MoveSpace } from './move-space.js';
import { plan, plansRows } from './plan.js';
import { seededRandom } from './random.js';
import { MAX_ROW_SHIFT_TYPES } from './plan-rows.js';
import { Incumbent, timeIsUp, type Search } from './search.js';
import { resolveTuning, type Tuning, type TuningOverrides } from './tuning.js';
import { sweepWindows, windowsBegin } from './windows.js';

export { DEFAULT_TUNING, type MoveMix, type MoveName, type Tuning, type TuningOverrides } from './tuning.js';

export interface SolveInput {
  problem: RosterProblem;
  /** Where the search starts: pinned cells are kept from it, the rest may change. */
  initial: Roster;
  /** Per cell (`p * days + d`): truthy where the cell is pinned. */
  pinned?: ArrayLike<number | boolean>;
}

export interface SolveProgress {
  elapsedMs: number;
  moves: number;
  hard: number;
  soft: number;
}

export interface SolveOptions {
  /** Milliseconds on any monotonic scale; the engine reads no clock of its own. */
  now(): number;
  /** When to stop, on the scale of `now()`. */
  deadline: number;
  seed: number;
  /**
   * A budget of moves: when set, the cooling follows moves rather than time, so the same seed and budget
   * give the same roster (as long as the deadline does not come first).
   */
  maxMoves?: number;
  /** Checked between batches of moves; `AbortSignal` fits. */
  signal?: { readonly aborted: boolean };
  /** Called with the best score each time it improves (at most once per batch). */
  onImprove?(progress: SolveProgress): void;
  tuning?: TuningOverrides;
  /**
   * A linear programming solver (HiGHS): when given, the search starts from a plan made by column generation instead
   * of from the greedy roster alone: of everyone's whole rows (`planRosters`) when time allows, else of their working
   * days (`planWorkingDays`) with shift types laid over it (`layShiftTypes`, `annealShiftTypes`); windows of whole
   * rows follow either (`Tuning.windowShare`).
   */
  highs?: Highs;
  /** False: the search does not plan even with `highs`, which then serves only the windows after a plan it takes. */
  plan?: boolean;
  /**
   * A plan shared by searches running at once on the same input: a search that plans offers its planned roster here;
   * one that does not takes it between batches and, when it beats its own best or windows follow it (given `highs`),
   * anneals on from it and re-plans windows as the planner does.
   */
  sharedPlan?: SharedPlan;
  /**
   * The best roster of searches that re-plan windows at once: after each window a search takes it when it beats its own
   * best (with the window just re-planned laid over it, when that is better still) and offers its own best when that
   * beats it, so that searches that sweep from different places (`sweepPart`) re-plan different windows of one roster.
   */
  sharedBest?: SharedBest;
  /** Where this search's sweep of windows begins, as a share of a sweep from the last days back: 0 by default. */
  sweepPart?: number;
  /**
   * The bound's prices over whole rows as a solve's bound finds them: windows of people then draw the people whose rows
   * stand furthest from the bound (`PeopleGuide`) more often.
   */
  boundPrices?: SharedPrices;
}

/** The latest prices of a solve's bound over whole rows (`SolveOptions.boundPrices`), each set with a version of its own. */
export interface SharedPrices {
  latest(): { version: number; prices: RequirementPrices } | null;
}

/** Where searches running at once keep their best roster (`SolveOptions.sharedBest`). */
export interface SharedBest {
  /** Keeps `roster` as the shared best when it beats the one there (or there is none yet). */
  offer(roster: Roster, score: Score): void;
  /** A copy of the shared best when it beats `score`, else null. */
  takeIfBetter(score: Score): { roster: Roster; score: Score } | null;
}

/** Where one search leaves its planned roster for the others (`SolveOptions.sharedPlan`). */
export interface SharedPlan {
  offer(roster: Roster): void;
  /** The planned roster once it is there (a copy of its own for each caller), else null. */
  take(): Roster | null;
}

export interface SolveResult {
  roster: Roster;
  /** What the search minimised (`objective`): the evaluation's score, plus a repair's change charge in `soft`. */
  score: Score;
  moves: number;
  stoppedBy: 'deadline' | 'moves' | 'aborted' | 'optimal';
  /** Elapsed time when the best roster first had no hard violation, or null if it never did. */
  firstFeasibleMs: number | null;
  /** With `ThreadSolveOptions.bound`: the best lower bound found on the soft score (`rosterLowerBound`), or null. */
  bound?: number | null;
}

/**
 * Which way one search goes, chosen once, before it starts, from its input and options:
 * - `start`: where the annealing starts. `greedy`: from the constructed roster. `plan-rows` / `plan-days`: from a plan of
 *   whole rows / of working days this search makes (given `highs`, unless `plan` is false), rows when the plan's share
 *   of the time allows `rowPlanMsPerCell` per cell. `take-plan`: from the constructed roster, and from another search's
 *   plan when it comes (`sharedPlan`, and no plan of its own). `nothing`: no person or no day, nothing to move.
 * - `windows`: whether windows of whole rows follow the annealing: after a plan (of whole rows or of working days, made
 *   or taken with `highs` of its own), when `windowShare` is above 0 and a row tells the shift types apart.
 * - `fillHoles`: whether the annealing re-plans windows around the holes it leaves (`fillHoles`): in a repair, given
 *   `highs`, when a row tells the shift types apart.
 */
export interface SolvePath {
  start: 'nothing' | 'greedy' | 'plan-rows' | 'plan-days' | 'take-plan';
  windows: boolean;
  fillHoles: boolean;
}

export function solvePath(space: MoveSpace, tuning: Tuning, options: SolveOptions, start: number): SolvePath {
  const rowsFit = space.problem.shiftTypes.length <= MAX_ROW_SHIFT_TYPES;
  const fillHoles = space.problem.reference !== undefined && options.highs !== undefined && rowsFit;
  if (space.people === 0 || space.days === 0) return { start: 'nothing', windows: false, fillHoles };
  const rows = plansRows(space, tuning, options.deadline - start);
  const windows = options.highs !== undefined && tuning.windowShare > 0 && rowsFit;
  if (options.highs !== undefined && options.plan !== false) return { start: rows ? 'plan-rows' : 'plan-days', windows, fillHoles };
  if (options.sharedPlan !== undefined) return { start: 'take-plan', windows, fillHoles };
  return { start: 'greedy', windows: false, fillHoles };
}

/**
 * One search, phase by phase over one incumbent (docs/solver.md): `construct` the greedy roster; on a plan path, `plan`
 * (by column generation, given `highs`) and offer the plan to the other searches; `anneal` (over change, block change,
 * swap, block swap, change-to-what-the-day-lacks, run shift and run retype moves, the score kept incrementally, hard
 * first: a hard violation weighs `hardWeight` in the annealing's cost, and the best roster is the lexicographic best; a
 * repair's annealing may `fillHoles` on the way); then, when windows follow the plan, `sweepWindows`. The
 * path is chosen once (`solvePath`). Pure: time and randomness come in.
 */
export function solve(input: SolveInput, options: SolveOptions): SolveResult {
  const { problem } = input;
  const tuning = resolveTuning(problem, options.tuning);
  const start = options.now();
  const random = seededRandom(options.seed);
  const space = moveSpace(problem, input.pinned, tuning.maxBlock, tuning);
  const path = solvePath(space, tuning, options, start);

  let state = construct(space, input.initial, tuning.hardWeight, () => timeIsUp(options));
  const search: Search = { problem, space, tuning, options, random, start, incumbent: new Incumbent(state, options, start), moves: 0 };
  const { incumbent } = search;
  incumbent.report(0);
  // Nothing to move: the roster is what construction made of it.
  if (path.start === 'nothing') return result(search, 'optimal');

  let annealUntil = options.deadline;
  if (path.start === 'plan-rows' || path.start === 'plan-days') {
    state = plan(search, state, path.start === 'plan-rows' ? 'rows' : 'days');
    if (path.windows) annealUntil = windowsBegin(search);
    options.sharedPlan?.offer(state.roster);
    if (incumbent.keep(state)) incumbent.report(search.moves);
  }
  const annealed = anneal(search, state, path, annealUntil);
  const stoppedBy = annealed.windows && annealed.stoppedBy !== 'aborted' ? sweepWindows(search, annealed.stoppedBy) : annealed.stoppedBy;
  return result(search, stoppedBy);
}

function result(search: Search, stoppedBy: SolveResult['stoppedBy']): SolveResult {
  const { incumbent } = search;
  return { roster: incumbent.roster, score: incumbent.score, moves: search.moves, stoppedBy, firstFeasibleMs: incumbent.firstFeasibleMs };
}
