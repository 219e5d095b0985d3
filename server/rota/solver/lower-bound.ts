import type { Highs } from 'highs';
import { SOFT_CONSTRAINTS, type RosterProblem, type Weights } from '../problem.js';
import { relaxColumns, type RequirementPrices } from './master-problem.js';
import { admissibleStart, constructGreedy } from './construct.js';
import { moveSpace } from './move-space.js';
import { MAX_ROW_SHIFT_TYPES, rowColumnSource, rowColumns, rowProblem } from './plan-rows.js';
import type { SolveInput } from './solve.js';
import { SearchState } from './state.js';

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
  /** Called each time the bound before rounding rises, with the prices that gave it (`boundAtPrices` reads it from them). */
  onPrices?(prices: RequirementPrices): void;
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
 * type counts, inactive ones too: a manual edit may hold one. Returns the best bound (rounded), or null when there is
 * none (more shift types than a row's choices tell apart, or stopped before the first pass).
 */
export function rosterLowerBound(input: SolveInput, highs: Highs, options: LowerBoundOptions): number | null {
  const relaxation = relaxationOf(input, options.hardWeight);
  if (relaxation === null) return null;
  const { problem, space, start, source } = relaxation;
  // The greedy roster's rows as the first columns: from rows that cover the requirements the first prices are moderate,
  // where from empty rows every requirement's price starts at its slack's (and the first bounds far below 0).
  const greedy = new SearchState(problem, start, 4);
  constructGreedy(greedy, space, options.hardWeight, () => options.now() >= options.deadline || options.stopped?.() === true);
  const step = softScoreStep(problem.weights);
  let best: number | null = null;
  let bestRaw = Number.NEGATIVE_INFINITY;
  relaxColumns(source, rowColumns(space, greedy.roster), highs, {
    now: options.now,
    deadline: options.deadline,
    hardWeight: minimumPrice(problem.weights),
    ...(options.stopped === undefined ? {} : { stopped: options.stopped }),
    // Once within a ten-thousandth, what is left would rarely lift the rounded bound by a step.
    gap: 1e-4,
    onBound: (raw, prices) => {
      if (!Number.isFinite(raw) || raw <= bestRaw) return;
      bestRaw = raw;
      options.onPrices?.(prices());
      const bound = roundBound(raw, step);
      if (best !== null && bound <= best) return;
      best = bound;
      options.onBound(bound);
    },
  });
  return best;
}

/** The relaxation `rosterLowerBound` prices: every shift type assignable, the frozen cells and leave kept. */
function relaxationOf(input: SolveInput, hardWeight: number) {
  const problem: RosterProblem = { ...input.problem, shiftTypes: input.problem.shiftTypes.map((type) => ({ ...type, assignable: true })) };
  if (problem.shiftTypes.length > MAX_ROW_SHIFT_TYPES || problem.staff.length === 0 || problem.days === 0) return null;
  const space = moveSpace(problem, input.pinned, 1);
  const start = admissibleStart(space, input.initial);
  return { problem, space, start, source: rowColumnSource(space, rowProblem(space, start), hardWeight, true) };
}

/**
 * The Lagrangian bound of `rosterLowerBound` read at given prices, before rounding: no roster without hard violations
 * that keeps `input`'s pinned cells and leave scores less. Prices outside their ranges are brought in first (an
 * optimum's to [0, coverage_optimal], a minimum's to at least 0), so any prices give a valid bound; strong ones (those a
 * converged `rosterLowerBound` reports to `onPrices`) give its bound in one pass of pricing. Null as `rosterLowerBound`.
 */
export function boundAtPrices(input: SolveInput, prices: RequirementPrices, hardWeight: number): number | null {
  const relaxation = relaxationOf(input, hardWeight);
  if (relaxation === null) return null;
  const { source } = relaxation;
  const price = new Float64Array(source.minimum.length);
  let bound = 0;
  for (let i = 0; i < price.length; i++) {
    const u = source.optimal[i]! > 0 ? Math.min(source.optimalWeight, Math.max(0, prices.optimal[i] ?? 0)) : 0;
    const v = source.minimum[i]! > 0 ? Math.max(0, prices.minimum[i] ?? 0) : 0;
    price[i] = u + v;
    bound += u * source.optimal[i]! + v * source.minimum[i]!;
  }
  for (let p = 0; p < source.people; p++) bound += source.cheapest(p, price).value;
  return bound;
}
