import type { Highs } from 'highs';
import { SOFT_CONSTRAINTS, type RosterProblem, type Weights } from '../problem.js';
import { branchBound } from './branch.js';
import { pastDeadlineOrStopped, relaxColumns, type ColumnSource, type RequirementPrices } from './master-problem.js';
import { admissibleStart, constructGreedy } from './construct.js';
import { moveSpace } from './move-space.js';
import { dayColumns, workingDays, workingDaysSource } from './plan-days.js';
import { MAX_ROW_SHIFT_TYPES, rowColumnSource, rowColumns, rowProblem } from './plan-rows.js';
import type { SolveInput } from './solve.js';
import { SearchState } from './state.js';
import { dayProblem } from './working-days.js';

/**
 * The soft score's step: every soft score is a sum of counts times weights, so a multiple of the weights' greatest
 * common divisor. 0 when a weight is not a whole number (no step is then known).
 */
export function softScoreStep(weights: Weights): number {
  let step = 0;
  for (const name of SOFT_CONSTRAINTS) {
    const weight = weights[name];
    if (weight === 0) continue;
    if (!Number.isInteger(weight) || weight < 0) return 0;
    step = greatestCommonDivisor(step, weight);
  }
  return step;
}

function greatestCommonDivisor(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/**
 * A bound raised to the next soft score that can be (a multiple of `step`), never below 0. The bound is a sum of
 * floating point terms: a millionth of it is given away first, so that 1670.0000001 stays 1670.
 */
export function roundBound(bound: number, step: number): number {
  if (!(bound > 0)) return 0;
  if (step <= 0) return bound;
  return Math.ceil((bound - 1e-6 * bound) / step) * step;
}

export interface LowerBoundOptions {
  /** Milliseconds on any monotonic scale. */
  now(): number;
  deadline: number;
  /** What a forbidden succession costs a row in the relaxation (the search's hard weight). */
  hardWeight: number;
  stopped?(): boolean;
  /** Called each time the bound rises, with the bound rounded up (`roundBound`). */
  onBound(bound: number): void;
  /**
   * Called each time the relaxation's bound before rounding rises, with the prices that gave it (`boundAtPrices` reads it
   * from them); not for a branch's bounds, which no one set of prices gives.
   */
  onPrices?(prices: RequirementPrices): void;
  /** The relaxation priced: whole rows by default. */
  over?: Relaxation;
  /**
   * Over whole rows, once their relaxation has settled: the bound is raised by branching (`branchBound`) for at most
   * `ms` more, until `idleNodes` nodes in a row have left the rounded bound where it was. No branching by default.
   */
  branch?: { ms: number; idleNodes: number };
}

/**
 * The relaxations a bound is read over: whole rows, or working days (`DayProblem`: shift types left out, coverage
 * summed over them), whose bound is weaker but settles several times sooner and knows no limit of shift types.
 */
export type Relaxation = 'rows' | 'days';

/**
 * About how long the bound over whole rows takes to settle on one core, over 28 days: this much, and `ROW_BOUND_MS_PER_PERSON`
 * per person (INRC-II's 4-week instances: 9–15 s at 30 people, 22–30 s at 120, in a solve of two threads), growing with
 * the cube of the days (56 days: 84 s at 40 people and more than 120 s at 30 and at 120 in such a solve; 131–240 s and
 * more alone beside other work).
 */
const ROW_BOUND_MS = 5_000;
const ROW_BOUND_MS_PER_PERSON = 200;
/** The bound over whole rows is sought when it should settle within this share of the solve's time. */
const ROW_BOUND_SHARE = 0.5;

/**
 * The relaxation a solve of `timeLimitMs` prices for its bound: whole rows when their bound should settle within
 * `ROW_BOUND_SHARE` of the time (and a row's choices tell the shift types apart), else working days, whose bound is
 * weaker (on INRC-II's 8-week instances 0.70–0.97 of the best known, against 0.98–0.996 over whole rows) but settles
 * within 7–22 s where whole rows need minutes, and so frees its core for a search.
 */
export function boundRelaxation(problem: RosterProblem, timeLimitMs: number): Relaxation {
  if (problem.shiftTypes.length > MAX_ROW_SHIFT_TYPES) return 'days';
  const settles = (ROW_BOUND_MS + ROW_BOUND_MS_PER_PERSON * problem.staff.length) * (problem.days / 28) ** 3;
  return settles <= ROW_BOUND_SHARE * timeLimitMs ? 'rows' : 'days';
}

/**
 * The most the relaxation's master pays for a requirement left under its minimum, and so the most a minimum's price
 * may reach: five times the largest soft weight. Any price v ≥ 0 gives a valid bound; prices at the search's hard weight
 * (1000) make the first passes' bounds far below 0 and the column generation slow to settle (on INRC-II's n040w4 at
 * 60 s, a bound of 125 against 1440 with this cap), while a roster rarely needs more than a few soft violations to
 * meet one more person of a minimum.
 */
function minimumPrice(weights: Weights): number {
  return 5 * Math.max(1, ...SOFT_CONSTRAINTS.map((name) => weights[name]));
}

/**
 * A lower bound on `soft` among all rosters without a hard violation that keep `input`'s pinned cells and its people's
 * approved leave off (docs/rota.md §12): the Lagrangian dual of the coverage requirements over whole rows, by column
 * generation (`relaxColumns`). At prices u ≤ coverage_optimal on each requirement's optimum and v ≥ 0 on its minimum,
 *
 *   Σ (u·optimal + v·minimum) + Σ over people of min over their rows of (row's cost − Σ (u + v) over the cells it covers)
 *
 * is no more than any such roster's soft score: a roster covering c of a requirement pays
 * coverage_optimal · max(0, optimal − c) ≥ u · (optimal − c), and v · (minimum − c) ≤ 0 where the minimum is met. Each
 * person's minimum is the row search's, which charges a row what the evaluator charges it (runs across the carry-in,
 * weekends, totals and requests; a forbidden succession at `hardWeight`, so the minimum is never above the least over
 * rows without one) with the pinned cells and leave frozen. That holds at every pass of pricing, not only when the
 * column generation converges (Farley's bound); the prices are kept within their bounds by the master. Every shift
 * type counts, inactive ones too: a manual edit may hold one.
 *
 * Over working days (`options.over`), the same with each person's working days and skills in place of rows
 * (`workingDaysSource`) and each requirement summed over shift types: a roster's working days cost no more there than
 * its rows (`DayProblem`), and what a roster leaves uncovered of a summed optimum is no more than what it leaves of the
 * optima summed, so that bound is one too. Returns the best bound (rounded), or null when there is none (over whole rows,
 * more shift types than a row's choices tell apart; stopped before the first pass).
 */
export function rosterLowerBound(input: SolveInput, highs: Highs, options: LowerBoundOptions): number | null {
  const relaxation = relaxationOf(input, options.hardWeight, options.over ?? 'rows');
  if (relaxation === null) return null;
  const { problem, space, start } = relaxation;
  // The greedy roster's rows as the first columns: from rows that cover the requirements the first prices are moderate,
  // where from empty rows every requirement's price starts at its slack's (and the first bounds far below 0).
  const greedy = new SearchState(problem, start, 4);
  constructGreedy(greedy, space, options.hardWeight, () => pastDeadlineOrStopped(options));
  const step = softScoreStep(problem.weights);
  let best: number | null = null;
  let bestRaw = Number.NEGATIVE_INFINITY;
  const raise = (raw: number): void => {
    bestRaw = raw;
    const bound = roundBound(raw, step);
    if (best !== null && bound <= best) return;
    best = bound;
    options.onBound(bound);
  };
  const master = {
    now: options.now,
    deadline: options.deadline,
    hardWeight: minimumPrice(problem.weights),
    ...(options.stopped === undefined ? {} : { stopped: options.stopped }),
    // Once within a ten-thousandth, what is left would rarely lift the rounded bound by a step.
    gap: 1e-4,
    onBound: (raw: number, prices: () => RequirementPrices) => {
      if (!Number.isFinite(raw) || raw <= bestRaw) return;
      options.onPrices?.(prices());
      raise(raw);
    },
  };
  const each = <Column>(columns: Column[]) => columns.map((column, person) => ({ person, column }));
  if (relaxation.over === 'days') {
    relaxColumns(relaxation.source, each(dayColumns(relaxation.days, workingDays(greedy.roster))), highs, master);
    return best;
  }
  const root = relaxColumns(relaxation.source, each(rowColumns(space, greedy.roster)), highs, master);
  const branch = options.branch;
  if (branch !== undefined && root.settled && !pastDeadlineOrStopped(options)) {
    branchBound(relaxation.source, relaxation.rows, root, bestRaw, highs, {
      now: options.now,
      deadline: Math.min(options.deadline, options.now() + branch.ms),
      ...(options.stopped === undefined ? {} : { stopped: options.stopped }),
      minimumPrice: master.hardWeight,
      round: (raw) => roundBound(raw, step),
      idleNodes: branch.idleNodes,
      onBound: (raw) => {
        if (raw > bestRaw) raise(raw);
      },
    });
  }
  return best;
}

/**
 * How many requirements the relaxation `over` prices: each (day, shift type, skill) over whole rows, each (day, skill)
 * over working days. `RequirementPrices` hold one price of each kind per requirement.
 */
export function boundRequirements(problem: RosterProblem, over: Relaxation): number {
  return over === 'rows' ? problem.optimal.length : problem.days * problem.skills.length;
}

/**
 * The relaxation `rosterLowerBound` prices: every shift type assignable, the frozen cells and leave kept. Null when
 * there is nobody or no day, or, over whole rows, more shift types than a row's choices tell apart.
 */
function relaxationOf(input: SolveInput, hardWeight: number, over: Relaxation) {
  const problem: RosterProblem = { ...input.problem, shiftTypes: input.problem.shiftTypes.map((type) => ({ ...type, assignable: true })) };
  if (problem.staff.length === 0 || problem.days === 0) return null;
  if (over === 'rows' && problem.shiftTypes.length > MAX_ROW_SHIFT_TYPES) return null;
  const space = moveSpace(problem, input.pinned, 1);
  const start = admissibleStart(space, input.initial);
  if (over === 'days') {
    const days = dayProblem(space, start);
    return { problem, space, start, over, days, source: workingDaysSource(days) };
  }
  const rows = rowProblem(space, start);
  return { problem, space, start, over, rows, source: rowColumnSource(space, rows, hardWeight, true) };
}

/**
 * The Lagrangian bound of `rosterLowerBound` read at given prices, before rounding: no roster without hard violations
 * that keeps `input`'s pinned cells and leave scores less. Prices outside their ranges are brought in first (an
 * optimum's to [0, coverage_optimal], a minimum's to at least 0), so any prices give a valid bound; strong ones (those a
 * converged `rosterLowerBound` reports to `onPrices`) give its bound in one pass of pricing. The prices are those of the
 * relaxation `over` (`boundRequirements`). Null as `rosterLowerBound`.
 */
export function boundAtPrices(input: SolveInput, prices: RequirementPrices, hardWeight: number, over: Relaxation = 'rows'): number | null {
  const relaxation = relaxationOf(input, hardWeight, over);
  if (relaxation === null) return null;
  const source: Pick<ColumnSource<unknown>, 'people' | 'minimum' | 'optimal' | 'optimalWeight' | 'cheapest'> = relaxation.source;
  const { price, earned } = cellPrices(source, prices);
  let bound = earned;
  for (let p = 0; p < source.people; p++) bound += source.cheapest(p, price).value;
  return bound;
}

/**
 * What covering each requirement earns a cell at `prices` (u + v, each brought into its range first: an optimum's to
 * [0, optimalWeight], a minimum's to at least 0, either 0 where the requirement asks for none), and what the prices
 * earn in all (Σ u·optimal + v·minimum), the bound's constant.
 */
export function cellPrices(source: Pick<ColumnSource<unknown>, 'minimum' | 'optimal' | 'optimalWeight'>, prices: RequirementPrices): { price: Float64Array; earned: number } {
  const price = new Float64Array(source.minimum.length);
  let earned = 0;
  for (let i = 0; i < price.length; i++) {
    const u = source.optimal[i]! > 0 ? Math.min(source.optimalWeight, Math.max(0, prices.optimal[i] ?? 0)) : 0;
    const v = source.minimum[i]! > 0 ? Math.max(0, prices.minimum[i] ?? 0) : 0;
    price[i] = u + v;
    earned += u * source.optimal[i]! + v * source.minimum[i]!;
  }
  return { price, earned };
}
