import { annealShiftTypes, layShiftTypes } from './lay-shifts.js';
import type { MoveSpace } from './move-space.js';
import { planWorkingDays } from './plan-days.js';
import { MAX_ROW_SHIFT_TYPES, planRosters } from './plan-rows.js';
import { masterOptions, type Search } from './search.js';
import { searchStateFor, type SearchState } from './state.js';
import type { Tuning } from './tuning.js';

/** Whether a plan made within `budget` milliseconds is one of whole rows (else one of working days). */
export function plansRows(space: MoveSpace, tuning: Tuning, budget: number): boolean {
  return space.problem.shiftTypes.length <= MAX_ROW_SHIFT_TYPES && tuning.rowPlanMsPerCell * space.people * space.days <= tuning.planShare * Math.max(1, budget);
}

/**
 * The plan phase: a roster planned by column generation within `planShare` of the time, in place of the constructed
 * one (`from`, where the master's columns start). Whole rows (`planRosters`), or working days (`planWorkingDays`) with
 * shift types laid over them day by day and annealed over the kept days for `layerShare` of the time (or of the move
 * budget), which counts in `search.moves`. Returns its search state.
 */
export function plan(search: Search, from: SearchState, kind: 'rows' | 'days'): SearchState {
  const { space, tuning, options } = search;
  const highs = options.highs!;
  const budget = Math.max(1, options.deadline - search.start);
  const master = masterOptions(search, search.start + tuning.planShare * budget);
  if (kind === 'rows') return searchStateFor(space, planRosters(space, from.roster, highs, master));
  const days = planWorkingDays(space, from.roster, highs, master);
  const next = searchStateFor(space, layShiftTypes(space, from.roster, days, tuning.hardWeight));
  const layerStart = options.now();
  const layerMs = Math.max(1, tuning.layerShare * budget);
  const layerMoves = options.maxMoves === undefined ? 0 : Math.floor(tuning.layerShare * options.maxMoves);
  search.moves += annealShiftTypes(next, space, search.random, {
    progress: (done) => {
      if (options.signal?.aborted) return 1;
      return options.maxMoves === undefined ? (options.now() - layerStart) / layerMs : done / Math.max(1, layerMoves);
    },
    ...(options.maxMoves === undefined ? {} : { maxMoves: layerMoves }),
    startTemperature: tuning.layerStartTemperature,
    endTemperature: tuning.layerEndTemperature,
    hardWeight: tuning.hardWeight,
  });
  return next;
}
