import { compareScores, copyRoster, type Roster, type RosterProblem, type Score } from '../problem.js';
import type { MasterOptions } from './master-problem.js';
import type { MoveSpace } from './move-space.js';
import type { Random } from './random.js';
import type { SolveOptions } from './solve.js';
import type { SearchState } from './state.js';
import type { Tuning } from './tuning.js';

/**
 * The best roster of one search, the incumbent every phase works to beat, and the reports of its improvements
 * (`SolveOptions.onImprove`): each phase keeps what beats it (`keep`) and reports when it changed (`report`).
 */
export class Incumbent {
  readonly roster: Roster;
  score: Score;
  /** Elapsed time when the incumbent first had no hard violation, or null while it has one. */
  firstFeasibleMs: number | null = null;
  private reported: Score | null = null;

  constructor(
    state: SearchState,
    private readonly options: SolveOptions,
    private readonly start: number,
  ) {
    this.roster = copyRoster(state.roster);
    this.score = state.score();
  }

  /** Keeps the state's roster when it beats the incumbent; whether it did. */
  keep(state: SearchState): boolean {
    if (compareScores(state.score(), this.score) >= 0) return false;
    this.score = state.score();
    this.roster.shift.set(state.roster.shift);
    this.roster.skill.set(state.roster.skill);
    return true;
  }

  /** Whether the incumbent has no penalty at all: nothing can beat it. */
  get perfect(): boolean {
    return this.score.hard === 0 && this.score.soft === 0;
  }

  /** Reports the incumbent's score if it changed since the last report, and notes when it first had no hard violation. */
  report(moves: number): void {
    if (this.reported !== null && compareScores(this.reported, this.score) === 0) return;
    this.reported = this.score;
    const elapsedMs = this.options.now() - this.start;
    if (this.firstFeasibleMs === null && this.score.hard === 0) this.firstFeasibleMs = elapsedMs;
    this.options.onImprove?.({ elapsedMs, moves, hard: this.score.hard, soft: this.score.soft });
  }
}

/** What every phase of one search works with: its input, knobs, random source and clock, and its incumbent. */
export interface Search {
  readonly problem: RosterProblem;
  readonly space: MoveSpace;
  readonly tuning: Tuning;
  readonly options: SolveOptions;
  readonly random: Random;
  /** When the search began, on the scale of `options.now()`. */
  readonly start: number;
  readonly incumbent: Incumbent;
  /** The moves made so far: the plan's annealing of shift types and the annealing's. */
  moves: number;
}

/**
 * Whether a search is to stop: its stop came (`signal` aborted) or its deadline has; `now` when the caller has read the
 * clock already (the clock is read only when the stop has not come).
 */
export function timeIsUp(options: SolveOptions, now?: number): boolean {
  return options.signal?.aborted === true || (now ?? options.now()) >= options.deadline;
}

/** What the column generation's master is told: the search's clock, a deadline, its hard weight and its stop. */
export function masterOptions(search: Search, deadline: number): MasterOptions {
  const { options } = search;
  return { now: options.now, deadline, hardWeight: search.tuning.hardWeight, stopped: () => options.signal?.aborted === true };
}
