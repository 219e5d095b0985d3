import type { Highs } from 'highs';
import { evaluate } from '../evaluate.js';
import { compareScores, copyRoster, type Roster, type RosterProblem, type Score } from '../problem.js';
import { admissibleStart, constructGreedy } from './construct.js';
import type { MasterOptions } from './column-master.js';
import { annealShiftTypes, layShiftTypes } from './lay-shifts.js';
import { moveSpace, type MoveSpace } from './move-space.js';
import { MOVES } from './moves.js';
import { planWorkingDays } from './plan-days.js';
import { MAX_ROW_SHIFT_TYPES, planRosters, planWindow } from './roster-columns.js';
import { seededRandom, type Random } from './random.js';
import { SearchState } from './state.js';

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
  tuning?: Partial<Tuning>;
  /**
   * A linear programming solver (HiGHS): when given, the search starts from a plan made by column generation instead
   * of from the greedy roster alone: of everyone's whole rows (`planRosters`) when time allows, else of their working
   * days (`planWorkingDays`) with shift types laid over it (`layShiftTypes`, `annealShiftTypes`), which windows of
   * whole rows follow (`Tuning.windowShare`).
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

export interface Tuning {
  /** One hard violation weighs this much soft penalty inside the search. */
  hardWeight: number;
  startTemperature: number;
  endTemperature: number;
  movesPerBatch: number;
  maxBlock: number;
  /**
   * Relative frequencies of the moves of `MOVES`, in its order: change, block change, swap, block swap, change to what
   * the day lacks, a working run moved a few days, and a working run given one shift type.
   */
  mix: [number, number, number, number, number, number, number];
  /**
   * With a plan: at most this share of the time for the plan, and (of working days only) this share for their shift
   * types.
   */
  planShare: number;
  layerShare: number;
  /** With a plan: the annealing starts this cool, so that it keeps the plan's shape. */
  plannedStartTemperature: number;
  /**
   * With a linear programming solver: whole rows are planned (`planRosters`) instead of working days when the plan's
   * share of the time allows this many milliseconds per cell (person × day).
   */
  rowPlanMsPerCell: number;
  /**
   * After a plan of working days: `windowShare` of the time left once it is made, at its end (one sweep after a move
   * budget), re-plans the best roster exactly, the whole ward's rows over `windowDays` days at a time (`planWindow`),
   * each window half a window after the last, instead of annealing.
   */
  windowShare: number;
  windowDays: number;
}

export const DEFAULT_TUNING: Tuning = {
  hardWeight: 1000,
  startTemperature: 12,
  endTemperature: 0.8,
  movesPerBatch: 2000,
  maxBlock: 7,
  mix: [3, 1, 3, 2, 1, 2, 1],
  planShare: 0.5,
  layerShare: 0.1,
  plannedStartTemperature: 3,
  rowPlanMsPerCell: 120,
  windowShare: 0.8,
  windowDays: 14,
};

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
 * Greedy construction, then simulated annealing over change, block change, swap, block swap, run shift, run retype
 * and change-to-what-the-day-lacks moves with the evaluator's score kept incrementally (hard first: a hard violation weighs `hardWeight` in the
 * annealing's cost, and the best roster is the lexicographic best). Given `highs`, the annealing starts instead, and
 * cooler, from a plan by column generation (`planned`); after a plan of working days, the best roster's whole rows are
 * then re-planned a window of days at a time for most of the time left (`planWindow`). Pure: time and randomness come
 * in.
 */
export function solve(input: SolveInput, options: SolveOptions): SolveResult {
  const tuning: Tuning = { ...DEFAULT_TUNING, ...options.tuning };
  const { problem } = input;
  // Hard first: in the annealing's cost, the changes a repair needs to fill a hole must not outweigh the hole.
  if (problem.reference !== undefined) tuning.hardWeight = Math.max(tuning.hardWeight, 20 * problem.reference.weight);
  const start = options.now();
  const random = seededRandom(options.seed);
  const space = moveSpace(problem, input.pinned, tuning.maxBlock);
  let state = new SearchState(problem, admissibleStart(space, input.initial), 4 * space.maxBlock);
  constructGreedy(state, space, tuning.hardWeight);

  const best = copyRoster(state.roster);
  let bestScore = state.score();
  let firstFeasibleMs: number | null = null;
  let reported: Score | null = null;
  /** Reports the best score if it changed, and notes when the best first had no hard violation. */
  const report = (moves: number): void => {
    if (reported !== null && compareScores(reported, bestScore) === 0) return;
    reported = bestScore;
    const elapsedMs = options.now() - start;
    if (firstFeasibleMs === null && bestScore.hard === 0) firstFeasibleMs = elapsedMs;
    options.onImprove?.({ elapsedMs, moves, hard: bestScore.hard, soft: bestScore.soft });
  };
  const keepIfBest = (current: SearchState): boolean => {
    if (compareScores(current.score(), bestScore) >= 0) return false;
    bestScore = current.score();
    best.shift.set(current.roster.shift);
    best.skill.set(current.roster.skill);
    return true;
  };
  report(0);

  /** Whether windows of whole rows follow the annealing: after a plan of working days, which did not plan whole rows. */
  let windowed = false;
  /** When the annealing ends: at the deadline, or where the windows' share of the time begins. */
  let annealDeadline = options.deadline;
  let done = 0;
  let fromPlan = false;
  /** After a plan (this search's or one taken): whether windows follow it, and from when. */
  const windowsAfter = (): void => {
    windowed =
      options.highs !== undefined &&
      !plansRows(space, tuning, options.deadline - start) &&
      tuning.windowShare > 0 &&
      problem.shiftTypes.length <= MAX_ROW_SHIFT_TYPES;
    if (windowed) annealDeadline = options.deadline - tuning.windowShare * Math.max(0, options.deadline - options.now());
  };
  const plans = options.highs !== undefined && options.plan !== false;
  if (plans && space.people > 0 && space.days > 0) {
    ({ state, moves: done } = planned(state, space, random, options, options.highs!, tuning, start));
    fromPlan = true;
    windowsAfter();
    options.sharedPlan?.offer(state.roster);
    if (keepIfBest(state)) report(done);
  }
  /**
   * The annealing cools geometrically from its start temperature (cooler from a plan) to the end temperature over the
   * time left from now, or over the moves of the budget left after the `done` made so far.
   */
  const scheduleFromHere = (startTemperature: number) => {
    const startMs = options.now();
    return {
      startTemperature,
      startMs,
      budgetMs: Math.max(1, annealDeadline - startMs),
      cooling: Math.log(tuning.endTemperature / startTemperature),
      fromMoves: done,
    };
  };
  // A repair starts from the roster as it stands, a plan of its own: it anneals as cool as from a plan.
  let schedule = scheduleFromHere(fromPlan || problem.reference !== undefined ? tuning.plannedStartTemperature : tuning.startTemperature);

  const mixTotal = tuning.mix.reduce((sum, weight) => sum + weight, 0);
  const cumulative = tuning.mix.map((_, i) => tuning.mix.slice(0, i + 1).reduce((sum, weight) => sum + weight, 0) / mixTotal);
  // A search that does not plan waits for another's plan while it anneals from the greedy roster.
  let awaitingPlan = !plans && options.sharedPlan !== undefined;
  // A repair whose annealing stops removing hard violations re-plans whole rows around the holes left (`fillHoles`):
  // a hole often needs a chain of changes (one person's shift moved so that another's may follow it), each charged
  // before the last fills it, which the cool annealing does not climb; a window plans the chain whole.
  const fillsHoles = problem.reference !== undefined && options.highs !== undefined && problem.shiftTypes.length <= MAX_ROW_SHIFT_TYPES;
  const holeStallMs = Math.min(HOLE_STALL_MS, HOLE_STALL_SHARE * (options.deadline - start));
  const holeStallMoves = Math.min(HOLE_STALL_MOVES, HOLE_STALL_SHARE * (options.maxMoves ?? Number.POSITIVE_INFINITY));
  let hardSince = { ms: options.now(), moves: done };
  let hardSeen = bestScore.hard;
  /** Re-plans around the holes since the last that removed a hard violation: each waits twice as long, over twice the days. */
  let holeAttempts = 0;

  let stoppedBy: SolveResult['stoppedBy'] = 'deadline';
  // Nothing to move: the roster is what construction made of it.
  if (space.people === 0 || space.days === 0) return { roster: best, score: bestScore, moves: 0, stoppedBy: 'optimal', firstFeasibleMs };
  for (;;) {
    const elapsed = options.now() - schedule.startMs;
    if (bestScore.hard === 0 && bestScore.soft === 0) {
      stoppedBy = 'optimal';
      break;
    }
    if (options.signal?.aborted) {
      stoppedBy = 'aborted';
      break;
    }
    if (options.maxMoves !== undefined && done >= options.maxMoves) {
      stoppedBy = 'moves';
      break;
    }
    if (elapsed >= schedule.budgetMs) break;
    if (awaitingPlan) {
      const plan = options.sharedPlan!.take();
      if (plan !== null) {
        awaitingPlan = false;
        // A plan that windows follow is taken even when it is worse than this search's best: a plan of working days
        // soon anneals to better than the greedy roster's annealing ever reaches.
        windowsAfter();
        const planned = new SearchState(problem, plan, 4 * space.maxBlock);
        if (windowed || compareScores(planned.score(), bestScore) < 0) {
          // The rest of the time anneals from the plan on the planner's schedule, and re-plans windows as it does.
          state = planned;
          if (keepIfBest(state)) report(done);
          schedule = scheduleFromHere(tuning.plannedStartTemperature);
          continue;
        }
      }
    }
    const progress =
      options.maxMoves !== undefined ? (done - schedule.fromMoves) / Math.max(1, options.maxMoves - schedule.fromMoves) : elapsed / schedule.budgetMs;
    const temperature = schedule.startTemperature * Math.exp(schedule.cooling * progress);

    let improved = false;
    // The last batch of a move budget is cut to it, so that the budget is exact after the plan's shift types too.
    const batch = options.maxMoves === undefined ? tuning.movesPerBatch : Math.min(tuning.movesPerBatch, options.maxMoves - done);
    for (let i = 0; i < batch; i++) {
      const pick = random.next();
      let m = 0;
      while (pick >= cumulative[m]!) m++;
      // With no hard violation left, a move that adds one is never accepted: it is not scored.
      if (!MOVES[m]!(state, space, random) || (state.hard === 0 && state.breaksSuccession())) {
        state.rollback();
        continue;
      }
      state.evaluate();
      const delta = state.deltaHard * tuning.hardWeight + state.deltaSoft;
      if (delta <= 0 || random.next() < Math.exp(-delta / temperature)) {
        state.commit();
        if (state.hard < bestScore.hard || (state.hard === bestScore.hard && state.soft < bestScore.soft)) improved = keepIfBest(state) || improved;
      } else {
        state.rollback();
      }
    }
    done += batch;
    if (improved) report(done);
    if (bestScore.hard < hardSeen) {
      hardSeen = bestScore.hard;
      hardSince = { ms: options.now(), moves: done };
    }
    const scale = 2 ** holeAttempts;
    // Under a move budget the stall is counted in moves alone, so that a seed and a budget still replay a run.
    const stalled =
      done - hardSince.moves >= scale * holeStallMoves || (options.maxMoves === undefined && options.now() - hardSince.ms >= scale * holeStallMs);
    if (fillsHoles && bestScore.hard > 0 && stalled) {
      const hard = bestScore.hard;
      if (fillHoles(space, best, problem.reference!.from, scale * HOLE_WINDOW_DAYS, options, tuning, keepIfBest)) {
        report(done);
        state = new SearchState(problem, copyRoster(best), 4 * space.maxBlock);
      }
      holeAttempts = bestScore.hard < hard ? 0 : holeAttempts + 1;
      hardSince = { ms: options.now(), moves: done };
    }
  }
  if (windowed && stoppedBy !== 'aborted') {
    const once = options.maxMoves !== undefined;
    const length = Math.min(tuning.windowDays, space.days);
    const master = masterOptions(options, tuning, options.deadline);
    for (const from of windowStarts(space.days, length, once, options.sweepPart ?? 0)) {
      if (options.signal?.aborted) {
        stoppedBy = 'aborted';
        break;
      }
      if (options.now() >= options.deadline || (bestScore.hard === 0 && bestScore.soft === 0)) break;
      const roster = planWindow(space, best, from, length, options.highs!, master);
      let improved = keepIfBest(new SearchState(problem, roster, 4 * space.maxBlock));
      const shared = options.sharedBest?.takeIfBetter(bestScore) ?? null;
      if (shared !== null) {
        // Another search's best, then the same with this window laid over it.
        improved = keepIfBest(new SearchState(problem, shared.roster, 4 * space.maxBlock)) || improved;
        improved = keepIfBest(new SearchState(problem, layWindow(shared.roster, roster, space.days, from, length), 4 * space.maxBlock)) || improved;
      }
      options.sharedBest?.offer(best, bestScore);
      if (improved) report(done);
    }
  }
  return { roster: best, score: bestScore, moves: done, stoppedBy, firstFeasibleMs };
}

/**
 * Where the windows of `length` days begin: half a window apart, from the last days back to the first (an annealed
 * roster's last days gain most), in sweeps each shifted a few days from the one before (so that a sweep that changed
 * nothing is not repeated as it was), each begun `part` of the way through it (the rest of it follows); one sweep when
 * `once`, else without end.
 */
export function* windowStarts(days: number, length: number, once: boolean, part: number): Generator<number> {
  const size = Math.min(length, days);
  const step = Math.max(1, Math.floor(size / 2));
  for (let sweep = 0; ; sweep++) {
    const shift = (sweep * 3) % step;
    const starts: number[] = [];
    let first = days;
    for (let end = days - shift; first > 0; end -= step) {
      first = Math.max(0, Math.min(end, days) - size);
      starts.push(first);
    }
    const begin = Math.floor(Math.min(Math.max(part, 0), 1) * starts.length) % starts.length;
    yield* starts.slice(begin);
    yield* starts.slice(0, begin);
    if (once) return;
  }
}

/** A copy of `base` with the cells of days [`from`, `from + length`) taken from `window`. */
export function layWindow(base: Roster, window: Roster, days: number, from: number, length: number): Roster {
  const laid = copyRoster(base);
  for (let row = 0; row < base.shift.length; row += days) {
    laid.shift.set(window.shift.subarray(row + from, row + from + length), row + from);
    laid.skill.set(window.skill.subarray(row + from, row + from + length), row + from);
  }
  return laid;
}

/**
 * A repair re-plans around its holes once its best has kept its hard violations this long or for this many moves, or
 * for this share of its time or of its move budget.
 */
const HOLE_STALL_MS = 300;
const HOLE_STALL_MOVES = 200_000;
const HOLE_STALL_SHARE = 0.05;
/** The days a repair's first window around a hole re-plans: the hole's day, three days before it and three after. */
const HOLE_WINDOW_DAYS = 7;
/** At most this share of the time left goes to one window around a hole. */
const HOLE_WINDOW_SHARE = 0.25;

/**
 * A repair's re-plan of everyone's rows over `window` days around each day from `from` on where `best` has a hard
 * violation, earliest first, keeping each plan that beats `best` (through `keep`), until no such day is left untried
 * or the time is up. Answers whether `best` improved.
 */
function fillHoles(
  space: MoveSpace,
  best: Roster,
  from: number,
  window: number,
  options: SolveOptions,
  tuning: Tuning,
  keep: (state: SearchState) => boolean,
): boolean {
  const { problem, days } = space;
  const length = Math.min(window, days - from);
  if (length <= 0) return false;
  let improved = false;
  const tried = new Set<number>();
  for (;;) {
    const now = options.now();
    if (options.signal?.aborted || now >= options.deadline) return improved;
    const hole = evaluate(problem, best).violations.find((v) => v.severity === 'hard' && v.day !== undefined && v.day >= from && !tried.has(v.day));
    if (hole === undefined) return improved;
    tried.add(hole.day!);
    const first = Math.max(from, Math.min(hole.day! - Math.floor(length / 2), days - length));
    const master = masterOptions(options, tuning, now + HOLE_WINDOW_SHARE * (options.deadline - now));
    const hard = evaluate(problem, best).score.hard;
    if (keep(new SearchState(problem, planWindow(space, best, first, length, options.highs!, master), 4 * space.maxBlock))) {
      improved = true;
      // A plan that removed hard violations may have moved the others: every day is looked at again.
      if (evaluate(problem, best).score.hard < hard) tried.clear();
    }
  }
}

/** What the column generation's master is told: the search's clock, a deadline, its hard weight and its stop. */
function masterOptions(options: SolveOptions, tuning: Tuning, deadline: number): MasterOptions {
  return { now: options.now, deadline, hardWeight: tuning.hardWeight, stopped: () => options.signal?.aborted === true };
}

/** Whether a plan made within `budget` milliseconds is one of whole rows (`planned`). */
function plansRows(space: MoveSpace, tuning: Tuning, budget: number): boolean {
  return space.problem.shiftTypes.length <= MAX_ROW_SHIFT_TYPES && tuning.rowPlanMsPerCell * space.people * space.days <= tuning.planShare * Math.max(1, budget);
}

/**
 * A roster planned by column generation within `planShare` of the time, in place of the greedy one. When that time
 * allows `rowPlanMsPerCell` per cell, whole rows are planned (`planRosters`). Otherwise working days are planned
 * (`planWorkingDays`), shift types laid over them day by day, then annealed over the kept days for `layerShare` of the
 * time (or of the move budget). Returns its search state and the moves it made.
 */
function planned(
  state: SearchState,
  space: MoveSpace,
  random: Random,
  options: SolveOptions,
  highs: Highs,
  tuning: Tuning,
  start: number,
): { state: SearchState; moves: number } {
  const budget = Math.max(1, options.deadline - start);
  const master = masterOptions(options, tuning, start + tuning.planShare * budget);
  if (plansRows(space, tuning, budget)) {
    return { state: new SearchState(space.problem, planRosters(space, state.roster, highs, master), 4 * space.maxBlock), moves: 0 };
  }
  const plan = planWorkingDays(space, state.roster, highs, master);
  const next = new SearchState(space.problem, layShiftTypes(space, state.roster, plan, tuning.hardWeight), 4 * space.maxBlock);
  const layerStart = options.now();
  const layerMs = Math.max(1, tuning.layerShare * budget);
  const layerMoves = options.maxMoves === undefined ? 0 : Math.floor(tuning.layerShare * options.maxMoves);
  const moves = annealShiftTypes(next, space, random, {
    progress: (done) => {
      if (options.signal?.aborted) return 1;
      return options.maxMoves === undefined ? (options.now() - layerStart) / layerMs : done / Math.max(1, layerMoves);
    },
    ...(options.maxMoves === undefined ? {} : { maxMoves: layerMoves }),
    startTemperature: 10,
    endTemperature: 0.5,
    hardWeight: tuning.hardWeight,
  });
  return { state: next, moves };
}
