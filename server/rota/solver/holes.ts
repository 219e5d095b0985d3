import { evaluate } from '../evaluate.js';
import { planWindow } from './plan-rows.js';
import { masterOptions, timeIsUp, type Search } from './search.js';
import { searchStateFor } from './state.js';

/**
 * A repair's re-plan of everyone's rows over `window` days around each day from the reference's `from` on where the
 * incumbent has a hard violation, earliest first, keeping each plan that beats it, until no such day is left untried or
 * the time is up. A hole often needs a chain of changes (one person's shift moved so that another's
 * may follow it), each charged before the last fills it, which the cool annealing does not climb; a window plans the
 * chain whole. Answers whether the incumbent improved.
 */
export function fillHoles(search: Search, window: number): boolean {
  const { space, options, tuning, incumbent } = search;
  const { problem, days } = space;
  const from = problem.reference!.from;
  const length = Math.min(window, days - from);
  if (length <= 0) return false;
  let improved = false;
  const tried = new Set<number>();
  for (;;) {
    const now = options.now();
    if (timeIsUp(options, now)) return improved;
    const hole = evaluate(problem, incumbent.roster).violations.find((v) => v.severity === 'hard' && v.day !== undefined && v.day >= from && !tried.has(v.day));
    if (hole === undefined) return improved;
    tried.add(hole.day!);
    const first = Math.max(from, Math.min(hole.day! - Math.floor(length / 2), days - length));
    const master = masterOptions(search, now + tuning.holeWindowShare * (options.deadline - now));
    const hard = evaluate(problem, incumbent.roster).score.hard;
    if (incumbent.keep(searchStateFor(space, planWindow(space, incumbent.roster, first, length, options.highs!, master)))) {
      improved = true;
      // A plan that removed hard violations may have moved the others: every day is looked at again.
      if (evaluate(problem, incumbent.roster).score.hard < hard) tried.clear();
    }
  }
}
