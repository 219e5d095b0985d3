import type { Highs } from 'highs';
import type { Roster } from '../problem.js';
import { type ColumnSource, pastDeadlineOrStopped, relaxColumns, type Relaxed, type RelaxedColumn, type RequirementPrices } from './master-problem.js';
import type { RowProblem } from './plan-rows.js';

export interface BranchOptions {
  /** Milliseconds on any monotonic scale. */
  now(): number;
  /** When the branch stops, with what it has. */
  deadline: number;
  stopped?(): boolean;
  /** What each node's master pays for a requirement left under its minimum (the root's, `minimumPrice`). */
  minimumPrice: number;
  /** The bound as it is reported (`roundBound`): a node raises the bound when it raises it rounded. */
  round(raw: number): number;
  /** The branch ends once this many nodes in a row have not raised the bound. */
  idleNodes: number;
  /** Called after each node with the least bound over the leaves, before rounding (it never falls). */
  onBound(raw: number): void;
}

/** A node's restriction: cell (person · days + day) keeps only the choices of `mask` (bit 0 the day off, 1 + t shift type t). */
interface Restriction {
  cell: number;
  mask: number;
}

interface Node {
  restrictions: Restriction[];
  /** A bound (before rounding) on every roster that keeps the restrictions: the parent's until the node is priced. */
  bound: number;
  /** The parent's last prices, by which the node's first columns are chosen, and the prices of its best bound. */
  prices: Float64Array;
  center: RequirementPrices | null;
}

interface Pooled {
  column: Roster;
  cost: number;
  covers: number[];
}

/**
 * How a solve's bound branches once its relaxation over whole rows has settled (`LowerBoundOptions.branch`): until 8
 * nodes in a row have left the bound where it was, and for at most a tenth of the solve's time, after which its core
 * goes back to a search. On INRC-II's 4-week instances (100 s of branching each, one core), the branch raised the
 * rounded bound of n030w4_1_6-7-5-3 from 1,810 to its proven optimum 1,815 at its second node (3 s); on the other 13,
 * 10–100 nodes raised none: their leaves stay within a point or two of one another (docs/solver.md).
 */
export function solveBranch(timeLimitMs: number): { ms: number; idleNodes: number } {
  return { ms: 0.1 * timeLimitMs, idleNodes: 8 };
}

/** A node's column generation settles as the root's does (`rosterLowerBound`): once within this share of its bound. */
const NODE_GAP = 1e-4;
/** A share of work (or of a shift type) in a relaxation this near 0 or 1 counts as whole. */
const WHOLE = 1e-6;
/** Per person, the columns a node starts from: those of the pool cheapest at its parent's last prices. */
const START_COLUMNS = 30;

/**
 * Raises the bound over whole rows by branching (branch-and-price), from its settled `root` (the relaxation of
 * `source`, whose pricing reads `rows`' open choices) and the root's bound `rootBound`. Best node first: the leaf whose
 * bound is lowest is split on the cell whose work is most fractional in its relaxation (there the person rests, or
 * works), or, where every cell's work is whole, on the (cell, shift type) most fractional (that shift type there, or any
 * other choice). Each child keeps its restriction in the pricing (`rows.open`, put back as it was before returning) and
 * starts from the columns made so far that keep it, its prices smoothed from its parent's. Every roster keeps the
 * restrictions of some leaf, so the least bound over the leaves is a bound on all of them; it rises as the lowest leaves
 * are split. A leaf whose relaxation is whole everywhere is not split: its bound stands. Ends at the deadline or the
 * stop, when every leaf is split or standing, or once `idleNodes` nodes in a row have left the bound rounded up where
 * it was.
 */
export function branchBound(source: ColumnSource<Roster>, rows: RowProblem, root: Relaxed<Roster>, rootBound: number, highs: Highs, options: BranchOptions): void {
  const { days } = rows.day;
  const people = source.people;
  const base = Uint32Array.from(rows.open);
  const pool: Pooled[][] = Array.from({ length: people }, () => []);
  const seen: Set<string>[] = Array.from({ length: people }, () => new Set());
  const keep = ({ person, column, cost, covers }: RelaxedColumn<Roster>): void => {
    const key = `${column.shift.join()}|${column.skill.join()}`;
    if (seen[person]!.has(key)) return;
    seen[person]!.add(key);
    pool[person]!.push({ column, cost, covers });
  };
  root.columns.forEach(keep);
  const open: Node[] = [];
  /** The least bound of the leaves that cannot be split. */
  let standing = Number.POSITIVE_INFINITY;
  const splitInto = (node: Node, relaxed: Relaxed<Roster>): void => {
    const split = splitOf(relaxed.columns, rows, people);
    if (split === null) standing = Math.min(standing, node.bound);
    else for (const mask of split.masks) open.push({ restrictions: [...node.restrictions, { cell: split.cell, mask }], bound: node.bound, prices: relaxed.prices, center: relaxed.center });
  };
  splitInto({ restrictions: [], bound: rootBound, prices: root.prices, center: root.center }, root);
  let least = rootBound;
  let idle = 0;
  try {
    while (open.length > 0 && idle < options.idleNodes && !pastDeadlineOrStopped(options)) {
      let lowest = 0;
      for (let i = 1; i < open.length; i++) if (open[i]!.bound < open[lowest]!.bound) lowest = i;
      const node = open[lowest]!;
      open[lowest] = open[open.length - 1]!;
      open.pop();
      rows.open.set(base);
      for (const { cell, mask } of node.restrictions) rows.open[cell]! &= mask;
      const start = startingColumns(node, source, pool, rows.open, days);
      // No row of some person keeps the restrictions: no roster lies in this node.
      if (start === null) continue;
      let bound = node.bound;
      const master = {
        now: options.now,
        deadline: options.deadline,
        hardWeight: options.minimumPrice,
        ...(options.stopped === undefined ? {} : { stopped: options.stopped }),
        gap: NODE_GAP,
        onBound: (raw: number) => {
          if (raw > bound) bound = raw;
        },
      };
      const relaxed = relaxColumns(source, start, highs, master, node.center);
      relaxed.columns.forEach(keep);
      const priced = { ...node, bound };
      if (!relaxed.settled) {
        open.push(priced);
      } else {
        splitInto(priced, relaxed);
      }
      let floor = standing;
      for (const leaf of open) floor = Math.min(floor, leaf.bound);
      // Every leaf empty: no roster keeps the frozen cells, and there is nothing to report.
      if (floor === Number.POSITIVE_INFINITY) return;
      idle = options.round(floor) > options.round(least) ? 0 : idle + 1;
      if (floor > least) {
        least = floor;
        options.onBound(least);
      }
    }
    if (open.length === 0 && standing > least && standing < Number.POSITIVE_INFINITY) options.onBound(standing);
  } finally {
    rows.open.set(base);
  }
}

/**
 * The columns a node starts from: per person, the `START_COLUMNS` pooled columns that keep the node's open choices,
 * cheapest at the parent's last prices less what they earn; a person with none is priced at those prices under the
 * node's restrictions. Null when some person has no row at all that keeps them.
 */
function startingColumns(node: Node, source: ColumnSource<Roster>, pool: Pooled[][], open: Uint32Array, days: number): { person: number; column: Roster }[] | null {
  const start: { person: number; column: Roster }[] = [];
  const reduced = ({ cost, covers }: Pooled): number => covers.reduce((value, i) => value - node.prices[i]!, cost);
  for (let p = 0; p < pool.length; p++) {
    const fits = pool[p]!.filter(({ column }) => column.shift.every((shift, d) => (open[p * days + d]! & (1 << (shift + 1))) !== 0));
    if (fits.length === 0) {
      const priced = source.cheapest(p, node.prices);
      if (!Number.isFinite(priced.value)) return null;
      start.push({ person: p, column: priced.column });
      continue;
    }
    const cheapest = fits.map((entry) => ({ entry, value: reduced(entry) })).sort((a, b) => a.value - b.value);
    for (const { entry } of cheapest.slice(0, START_COLUMNS)) start.push({ person: p, column: entry.column });
  }
  return start;
}

/**
 * Where to split a node: the cell whose share of work in the relaxation is nearest a half (children: the day off there,
 * work there), else the (cell, shift type) whose share is nearest a half (children: that shift type there, any other
 * choice). Null when every cell's choice is whole.
 */
function splitOf(columns: RelaxedColumn<Roster>[], rows: RowProblem, people: number): { cell: number; masks: number[] } | null {
  const { choices, open } = rows;
  const { days } = rows.day;
  // Per cell and choice (the day off first), its share in the relaxation: a cell's share of work is 1 less its day off's.
  const share = new Float64Array(people * days * choices);
  for (const { person, column, value } of columns) {
    if (value <= 0) continue;
    for (let d = 0; d < days; d++) share[(person * days + d) * choices + column.shift[d]! + 1]! += value;
  }
  let at = nearestHalf(share, (i) => i % choices === 0);
  if (at < 0) at = nearestHalf(share, (i) => i % choices !== 0);
  if (at < 0) return null;
  const cell = Math.floor(at / choices);
  const bit = 1 << at % choices;
  return { cell, masks: [open[cell]! & bit, open[cell]! & ~bit] };
}

/** The first index of `share` among those `counted` whose share is nearest a half and not whole; -1 when there is none. */
function nearestHalf(share: Float64Array, counted: (at: number) => boolean): number {
  let best = -1;
  let nearest = 0.5 - WHOLE;
  for (let at = 0; at < share.length; at++) {
    if (!counted(at)) continue;
    const distance = Math.abs(0.5 - share[at]!);
    if (distance < nearest) {
      best = at;
      nearest = distance;
    }
  }
  return best;
}
