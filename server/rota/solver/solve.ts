import { compareScores, type Roster, type RosterProblem, type Score } from '../problem.js';
import { admissibleStart, constructGreedy } from './construct.js';
import { moveSpace } from './move-space.js';
import { MOVES } from './moves.js';
import { seededRandom } from './random.js';
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
}

export const DEFAULT_TUNING: Tuning = {
  hardWeight: 1000,
  startTemperature: 12,
  endTemperature: 0.8,
  movesPerBatch: 2000,
  maxBlock: 7,
  mix: [3, 1, 3, 2, 1, 2, 1],
};

export interface SolveResult {
  roster: Roster;
  score: Score;
  moves: number;
  stoppedBy: 'deadline' | 'moves' | 'aborted' | 'optimal';
  /** Elapsed time when the best roster first had no hard violation, or null if it never did. */
  firstFeasibleMs: number | null;
}

/**
 * Greedy construction, then simulated annealing over change, block change, swap, block swap, run shift, run retype
 * and change-to-what-the-day-lacks moves with the evaluator's score kept incrementally (hard first: a hard violation weighs `hardWeight` in the
 * annealing's cost, and the best roster is the lexicographic best). Pure: time and randomness come in.
 */
export function solve(input: SolveInput, options: SolveOptions): SolveResult {
  const tuning: Tuning = { ...DEFAULT_TUNING, ...options.tuning };
  const { problem } = input;
  const start = options.now();
  const random = seededRandom(options.seed);
  const space = moveSpace(problem, input.pinned, tuning.maxBlock);
  const state = new SearchState(problem, admissibleStart(space, input.initial), 4 * space.maxBlock);
  constructGreedy(state, space, tuning.hardWeight);

  const best: Roster = { shift: Int16Array.from(state.roster.shift), skill: Int16Array.from(state.roster.skill) };
  let bestScore = state.score();
  let firstFeasibleMs: number | null = bestScore.hard === 0 ? options.now() - start : null;
  let reported: Score | null = null;
  const report = (moves: number): void => {
    if (reported !== null && compareScores(reported, bestScore) === 0) return;
    reported = bestScore;
    options.onImprove?.({ elapsedMs: options.now() - start, moves, hard: bestScore.hard, soft: bestScore.soft });
  };
  report(0);

  const mixTotal = tuning.mix.reduce((sum, weight) => sum + weight, 0);
  const cumulative = tuning.mix.map((_, i) => tuning.mix.slice(0, i + 1).reduce((sum, weight) => sum + weight, 0) / mixTotal);
  const budgetMs = Math.max(1, options.deadline - start);
  const cooling = Math.log(tuning.endTemperature / tuning.startTemperature);

  let done = 0;
  let stoppedBy: SolveResult['stoppedBy'] = 'deadline';
  // Nothing to move: the roster is what construction made of it.
  if (space.people === 0 || space.days === 0) return { roster: best, score: bestScore, moves: 0, stoppedBy: 'optimal', firstFeasibleMs };
  let temperature = tuning.startTemperature;
  for (;;) {
    const elapsed = options.now() - start;
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
    if (elapsed >= budgetMs) break;
    const progress = options.maxMoves !== undefined ? done / options.maxMoves : elapsed / budgetMs;
    temperature = tuning.startTemperature * Math.exp(cooling * progress);

    let improved = false;
    for (let i = 0; i < tuning.movesPerBatch; i++) {
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
        if (state.hard < bestScore.hard || (state.hard === bestScore.hard && state.soft < bestScore.soft)) {
          bestScore = state.score();
          best.shift.set(state.roster.shift);
          best.skill.set(state.roster.skill);
          improved = true;
        }
      } else {
        state.rollback();
      }
    }
    done += tuning.movesPerBatch;
    if (improved) {
      if (firstFeasibleMs === null && bestScore.hard === 0) firstFeasibleMs = options.now() - start;
      report(done);
    }
  }
  return { roster: best, score: bestScore, moves: done, stoppedBy, firstFeasibleMs };
}
