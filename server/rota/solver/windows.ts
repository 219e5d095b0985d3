import { copyRoster, type Roster } from '../problem.js';
import { planWindow } from './plan-rows.js';
import { masterOptions, type Search } from './search.js';
import type { SolveResult } from './solve.js';
import { searchStateFor } from './state.js';
import { DEFAULT_TUNING, type Tuning } from './tuning.js';

/** The time at which windows begin after a plan of working days: `windowShare` of the time left from now. */
export function windowsBegin(search: Search): number {
  const { options, tuning } = search;
  return options.deadline - tuning.windowShare * Math.max(0, options.deadline - options.now());
}

/**
 * The windows phase: re-plans the incumbent's whole rows exactly, `windowDays` days at a time with every other cell kept
 * (`planWindow`), until the deadline (one sweep under a move budget), the stop, or a roster without penalty. After each
 * window, the searches' shared best (`SolveOptions.sharedBest`) is taken when it beats the incumbent (and the window laid
 * over it, when that is better still), and the incumbent offered to it. Returns why the search stopped.
 */
export function sweepWindows(search: Search, stoppedBy: SolveResult['stoppedBy']): SolveResult['stoppedBy'] {
  const { options, tuning, space, incumbent } = search;
  const once = options.maxMoves !== undefined;
  const length = Math.min(tuning.windowDays, space.days);
  const master = masterOptions(search, options.deadline);
  for (const from of windowStarts(space.days, length, once, options.sweepPart ?? 0, tuning)) {
    if (options.signal?.aborted) return 'aborted';
    if (options.now() >= options.deadline || incumbent.perfect) break;
    const roster = planWindow(space, incumbent.roster, from, length, options.highs!, master);
    let improved = incumbent.keep(searchStateFor(space, roster));
    const shared = options.sharedBest?.takeIfBetter(incumbent.score) ?? null;
    if (shared !== null) {
      // Another search's best, then the same with this window laid over it.
      improved = incumbent.keep(searchStateFor(space, shared.roster)) || improved;
      improved = incumbent.keep(searchStateFor(space, layWindow(shared.roster, roster, space.days, from, length))) || improved;
    }
    options.sharedBest?.offer(incumbent.roster, incumbent.score);
    if (improved) incumbent.report(search.moves);
  }
  return stoppedBy;
}

/**
 * Where the windows of `length` days begin: `windowStepShare` of a window apart, from the last days back to the first
 * (an annealed roster's last days gain most), in sweeps each shifted `windowSweepShiftDays` from the one before (so
 * that a sweep that changed nothing is not repeated as it was), each begun `part` of the way through it (the rest of it
 * follows); one sweep when `once`, else without end.
 */
export function* windowStarts(
  days: number,
  length: number,
  once: boolean,
  part: number,
  shape: Pick<Tuning, 'windowStepShare' | 'windowSweepShiftDays'> = DEFAULT_TUNING,
): Generator<number> {
  const size = Math.min(length, days);
  const step = Math.max(1, Math.floor(size * shape.windowStepShare));
  for (let sweep = 0; ; sweep++) {
    const shift = (sweep * shape.windowSweepShiftDays) % step;
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
