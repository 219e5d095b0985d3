import { compareScores, copyRoster } from '../problem.js';
import { fillHoles } from './holes.js';
import type { Move } from './move-space.js';
import { MOVES } from './moves.js';
import { timeIsUp, type Search } from './search.js';
import type { SolvePath, SolveResult } from './solve.js';
import { searchStateFor, type SearchState } from './state.js';
import { MOVE_NAMES, type MoveMix } from './tuning.js';
import { windowsBegin } from './windows.js';

/** The moves in `MOVE_NAMES` order, each with its share of the mix added to those before it. */
interface MoveDraw {
  moves: Move[];
  cumulative: number[];
}

function moveDraw(mix: MoveMix): MoveDraw {
  const weights = MOVE_NAMES.map((name) => mix[name]);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return { moves: MOVE_NAMES.map((name) => MOVES[name]), cumulative: weights.map((_, i) => weights.slice(0, i + 1).reduce((sum, weight) => sum + weight, 0) / total) };
}

/**
 * One move of the annealing at `temperature` on `state`: drawn by the mix, kept when it costs nothing more or by the
 * Metropolis rule, else undone. With no hard violation left, a move that adds one is never accepted: it is not scored.
 * Whether the incumbent kept the state it led to.
 */
function annealMove(search: Search, state: SearchState, draw: MoveDraw, temperature: number): boolean {
  const { tuning, incumbent, random, space } = search;
  const pick = random.next();
  let m = 0;
  while (pick >= draw.cumulative[m]!) m++;
  if (!draw.moves[m]!(state, space, random) || (state.hard === 0 && state.breaksSuccession())) {
    state.rollback();
    return false;
  }
  state.evaluate();
  const delta = state.deltaHard * tuning.hardWeight + state.deltaSoft;
  if (delta <= 0 || random.next() < Math.exp(-delta / temperature)) {
    state.commit();
    return (state.hard < incumbent.score.hard || (state.hard === incumbent.score.hard && state.soft < incumbent.score.soft)) && incumbent.keep(state);
  }
  state.rollback();
  return false;
}

/**
 * A walk of `count` moves of the annealing at one `temperature` from `state` (changed in place; a kick in the windows
 * phase), cut short at the deadline or the stop, which it looks at between batches of `movesPerBatch`: the incumbent
 * keeps what beats it on the way. Whether it did.
 */
export function walk(search: Search, state: SearchState, temperature: number, count: number): boolean {
  const { options, tuning } = search;
  const draw = moveDraw(tuning.mix);
  let improved = false;
  for (let done = 0; done < count; ) {
    if (timeIsUp(options)) break;
    const batch = Math.min(tuning.movesPerBatch, count - done);
    for (let i = 0; i < batch; i++) improved = annealMove(search, state, draw, temperature) || improved;
    done += batch;
    search.moves += batch;
  }
  return improved;
}

/**
 * The annealing's cooling: geometric from `startTemperature` to `Tuning.endTemperature` over the time from now to
 * `until`, or over the moves of the budget left after those made so far.
 */
interface Cooling {
  startTemperature: number;
  startMs: number;
  budgetMs: number;
  cooling: number;
  fromMoves: number;
}

function coolingFrom(search: Search, startTemperature: number, until: number): Cooling {
  const startMs = search.options.now();
  return {
    startTemperature,
    startMs,
    budgetMs: Math.max(1, until - startMs),
    cooling: Math.log(search.tuning.endTemperature / startTemperature),
    fromMoves: search.moves,
  };
}

export interface Annealed {
  stoppedBy: SolveResult['stoppedBy'];
  /** Whether windows follow: the path's, once its plan is made or taken. */
  windows: boolean;
}

/**
 * The annealing phase: simulated annealing over the moves of `Tuning.mix` from `state`, until `until` (the deadline, or
 * where the windows' share begins), the end of a move budget, the stop, or a roster without penalty. With no hard
 * violation left, a move that breaks a succession is not scored. On the path `take-plan` it looks for another search's
 * plan between batches, and goes on from it, cooler, when it beats the incumbent or windows follow it. When the path
 * fills holes (a repair), once the incumbent has kept its hard violations for `holeStallMs` or `holeStallMoves` (or
 * `holeStallShare` of the time or budget), it re-plans windows around them (`fillHoles`) and anneals on from there; a
 * re-plan that removes no hard violation makes the next wait twice as long, over windows twice as wide.
 */
export function anneal(search: Search, from: SearchState, path: SolvePath, until: number): Annealed {
  const { options, tuning, incumbent, space, problem } = search;
  let state = from;
  let windows = path.windows && path.start !== 'take-plan';
  let annealEnd = until;
  const planned = path.start === 'plan-rows' || path.start === 'plan-days';
  // A repair starts from the roster as it stands, a plan of its own: it anneals as cool as from a plan.
  let schedule = coolingFrom(search, planned || problem.reference !== undefined ? tuning.plannedStartTemperature : tuning.startTemperature, annealEnd);
  const draw = moveDraw(tuning.mix);
  let awaitingPlan = path.start === 'take-plan';
  let done = search.moves;
  // A repair whose annealing stops removing hard violations re-plans whole rows around the holes left (`fillHoles`).
  const holeStallMs = Math.min(tuning.holeStallMs, tuning.holeStallShare * (options.deadline - search.start));
  const holeStallMoves = Math.min(tuning.holeStallMoves, tuning.holeStallShare * (options.maxMoves ?? Number.POSITIVE_INFINITY));
  let hardSince = { ms: options.now(), moves: done };
  let hardSeen = incumbent.score.hard;
  /** Re-plans around the holes since the last that removed a hard violation: each waits twice as long, over twice the days. */
  let holeAttempts = 0;
  let stoppedBy: SolveResult['stoppedBy'] = 'deadline';
  for (;;) {
    const elapsed = options.now() - schedule.startMs;
    if (incumbent.perfect) {
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
        // A plan that windows follow is taken even when it is worse than the incumbent: a plan soon anneals and
        // re-plans to better than the greedy roster's annealing ever reaches.
        windows = path.windows;
        if (windows) annealEnd = windowsBegin(search);
        const taken = searchStateFor(space, plan);
        if (windows || compareScores(taken.score(), incumbent.score) < 0) {
          // The rest of the time anneals from the plan on the planner's schedule, and re-plans windows as it does.
          state = taken;
          if (incumbent.keep(state)) incumbent.report(done);
          search.moves = done;
          schedule = coolingFrom(search, tuning.plannedStartTemperature, annealEnd);
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
    for (let i = 0; i < batch; i++) improved = annealMove(search, state, draw, temperature) || improved;
    done += batch;
    if (improved) incumbent.report(done);
    if (incumbent.score.hard < hardSeen) {
      hardSeen = incumbent.score.hard;
      hardSince = { ms: options.now(), moves: done };
    }
    const scale = 2 ** holeAttempts;
    // Under a move budget the stall is counted in moves alone, so that a seed and a budget still replay a run.
    const stalled =
      done - hardSince.moves >= scale * holeStallMoves || (options.maxMoves === undefined && options.now() - hardSince.ms >= scale * holeStallMs);
    if (path.fillHoles && incumbent.score.hard > 0 && stalled) {
      const hard = incumbent.score.hard;
      search.moves = done;
      if (fillHoles(search, scale * tuning.holeWindowDays)) {
        incumbent.report(done);
        state = searchStateFor(space, copyRoster(incumbent.roster));
      }
      holeAttempts = incumbent.score.hard < hard ? 0 : holeAttempts + 1;
      hardSince = { ms: options.now(), moves: done };
    }
  }
  search.moves = done;
  return { stoppedBy, windows };
}
