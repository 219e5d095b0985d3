import type { Highs, Model } from 'highs';

/** Whether a clock with a deadline and a stop (the master's, the bound's) is at or past its deadline, or stopped. */
export function pastDeadlineOrStopped(options: Pick<MasterOptions, 'now' | 'deadline' | 'stopped'>): boolean {
  return options.now() >= options.deadline || options.stopped?.() === true;
}

export interface MasterOptions {
  /** Milliseconds on any monotonic scale. */
  now(): number;
  /** When the choice must be made: past it, every person still open takes their likeliest column at once. */
  deadline: number;
  /** What a requirement's minimum left unmet weighs (the search's hard weight). */
  hardWeight: number;
  /** True when the solve was stopped: the choice is then finished as at its deadline. */
  stopped?(): boolean;
  /**
   * Called after each pass of pricing while nobody is fixed with that pass's Lagrangian bound: no choice of one column
   * per person costs less, as long as each person's pricing is exact (or never above the exact value) and each
   * column's cost never below what the pricing charges it (`lower-bound.ts`).
   */
  onBound?(bound: number, prices: () => RequirementPrices): void;
  /** Column generation also stops once the relaxation's value is this close (relatively) to the bound: `GAP` by default. */
  gap?: number;
}

/**
 * Prices on the requirements, at which a Lagrangian bound is read (`MasterOptions.onBound`): per requirement, the price
 * of its optimum (within [0, optimalWeight]) and of its minimum (within [0, the master's hard weight]); 0 where the
 * requirement has no such row.
 */
export interface RequirementPrices {
  optimal: Float64Array;
  minimum: Float64Array;
}

/**
 * What the master problem chooses from: for each person one column (a row of their days), columns covering
 * requirements with a minimum and an optimum each.
 */
export interface ColumnSource<Column> {
  people: number;
  /** Per requirement: how many it needs at least, and how many it should have. */
  minimum: ArrayLike<number>;
  optimal: ArrayLike<number>;
  /** What each requirement left under its optimum costs. */
  optimalWeight: number;
  cost(person: number, column: Column): number;
  /** The requirements a column covers, once for each cell that covers them. */
  covers(person: number, column: Column): number[];
  /**
   * Person p's cheapest column when covering requirement i earns `price[i]`: the column and its cost less what it
   * earns (Infinity when the person has none). `ceiling`, when given, is what one of the columns this pricing made
   * before costs less what it earns at `price`: the answer is no dearer, and a pricing may use it to look at less.
   */
  cheapest(person: number, price: Float64Array, ceiling?: number): { column: Column; value: number };
}

/** Column generation stops on a pass whose best column saves less than this. */
const EPSILON = 1e-6;
/**
 * It also stops once the relaxation's value is this close (relatively) to the Lagrangian bound of the pass: what is left
 * to gain is then less than the rounding will cost anyway.
 */
const GAP = 0.002;
/** How much of the best prices so far the smoothed prices keep. */
const SMOOTHING = 0.7;
/** A column at least this much chosen in the relaxation is fixed while diving. */
const FIX_AT = 0.6;
/** How many people are priced between two looks at the deadline within a pass. */
const PRICING_CHECK = 8;
/** Passes of pricing after each fixing while diving. */
const DIVE_PASSES = 15;

/**
 * One column per person, by column generation: a linear master problem (HiGHS) chooses a convex mix of columns per
 * person so that the requirements are covered at least cost (a requirement's shortfall under its optimum costs
 * `optimalWeight`, under its minimum `hardWeight`), and each person's pricing (`cheapest`) adds the column whose cost
 * less what it earns at the master's dual prices is lowest, until none saves anything. The relaxation is then rounded
 * by diving: columns chosen at least `FIX_AT` are fixed (else the most chosen one), new columns are priced for the
 * others, until everyone has one. `start`: a first column per person. Returns the column chosen for each person.
 */
export function chooseColumns<Column>(source: ColumnSource<Column>, start: Column[], highs: Highs, options: MasterOptions): Column[] {
  const model = highs.createModel();
  try {
    model.options.set({ output_flag: false, simplex_strategy: 4 });
    return new Master(source, highs, model, options).choose(start);
  } finally {
    model.dispose();
  }
}

/** A column of a relaxed master with its value at the relaxation's optimum (`relaxColumns`). */
export interface RelaxedColumn<Column> {
  person: number;
  column: Column;
  cost: number;
  covers: number[];
  value: number;
}

/** What `relaxColumns` leaves. */
export interface Relaxed<Column> {
  /** Every column of the master, with its value at the relaxation's optimum over them. */
  columns: RelaxedColumn<Column>[];
  /** Per requirement, its optimum's and its minimum's price summed, at the master's last duals kept within their ranges. */
  prices: Float64Array;
  /** The prices of the best Lagrangian bound found, null when no pass ended. */
  center: RequirementPrices | null;
  /** False when the deadline or the stop cut the column generation short. */
  settled: boolean;
}

/**
 * The relaxation of `chooseColumns` alone, without rounding it: column generation from `start` (any number of columns
 * per person, at least one each) until no column saves anything, the deadline, or `options.gap`, its prices smoothed
 * from `center` when given (else from the first duals). Each pass reports its Lagrangian bound to `options.onBound`.
 * Returns the master's columns with their values at its optimum, and its prices.
 */
export function relaxColumns<Column>(
  source: ColumnSource<Column>,
  start: { person: number; column: Column }[],
  highs: Highs,
  options: MasterOptions,
  center: RequirementPrices | null = null,
): Relaxed<Column> {
  const model = highs.createModel();
  try {
    model.options.set({ output_flag: false, simplex_strategy: 4 });
    return new Master(source, highs, model, options).relax(start, center);
  } finally {
    model.dispose();
  }
}

interface Entry<Column> {
  person: number;
  column: Column;
  cost: number;
  covers: number[];
  /** The master's column. */
  index: number;
}

class Master<Column> {
  private readonly entries: Entry<Column>[] = [];
  /** Per person: the columns their pricing made (`ceiling`). */
  private readonly priced: Entry<Column>[][] = [];
  private readonly optimalRow: Int32Array;
  private readonly minimumRow: Int32Array;
  /** Per person: the index of the column fixed for them, -1 while open. */
  private readonly chosen: Int32Array;
  /** Per requirement: its price at the prices being searched, and at the master's duals. */
  private readonly price: Float64Array;
  private readonly dualPrice: Float64Array;
  /** Per row of the master: the least it needs (1 for a person's row). */
  private readonly lower: number[] = [];
  /** Per column of the master: its entry, or -1 for a slack. */
  private readonly entryOf: number[] = [];
  private count = 0;
  /** Whether a pass of pricing was cut short by the deadline or the stop. */
  pricingCut = false;
  /** The rows' prices the smoothing starts from (`relax`), and those of the best bound found so far. */
  private startCenter: Float64Array | null = null;
  private bestCenter: Float64Array | null = null;

  constructor(
    private readonly source: ColumnSource<Column>,
    private readonly highs: Highs,
    private readonly model: Model,
    private readonly options: MasterOptions,
  ) {
    const { people, minimum, optimal } = source;
    this.chosen = new Int32Array(people).fill(-1);
    this.price = new Float64Array(minimum.length);
    this.dualPrice = new Float64Array(minimum.length);
    for (let p = 0; p < people; p++) {
      model.addRow(1, 1, { indices: [], values: [] });
      this.lower.push(1);
    }
    let rows = people;
    this.optimalRow = new Int32Array(minimum.length).fill(-1);
    this.minimumRow = new Int32Array(minimum.length).fill(-1);
    for (let i = 0; i < minimum.length; i++) {
      if (optimal[i]! > 0) {
        this.optimalRow[i] = rows++;
        model.addRow(optimal[i]!, highs.infinity, { indices: [], values: [] });
        this.lower.push(optimal[i]!);
        this.addSlack(source.optimalWeight, this.optimalRow[i]!);
      }
      if (minimum[i]! > 0) {
        this.minimumRow[i] = rows++;
        model.addRow(minimum[i]!, highs.infinity, { indices: [], values: [] });
        this.lower.push(minimum[i]!);
        this.addSlack(options.hardWeight, this.minimumRow[i]!);
      }
    }
  }

  relax(start: { person: number; column: Column }[], center: RequirementPrices | null): Relaxed<Column> {
    for (const { person, column } of start) this.addColumn(person, column);
    if (center !== null) {
      this.startCenter = new Float64Array(this.lower.length);
      for (let i = 0; i < this.optimalRow.length; i++) {
        if (this.optimalRow[i]! >= 0) this.startCenter[this.optimalRow[i]!] = center.optimal[i]!;
        if (this.minimumRow[i]! >= 0) this.startCenter[this.minimumRow[i]!] = center.minimum[i]!;
      }
    }
    this.generate(Number.POSITIVE_INFINITY);
    const settled = !this.pricingCut && !this.late();
    this.model.run();
    const solution = this.model.getSolution();
    const rows = Float64Array.from(solution.rowDual);
    this.feasiblePrices(rows);
    const prices = new Float64Array(this.price.length);
    this.pricesOf(rows, prices);
    const value = solution.colValue;
    return {
      columns: this.entries.map(({ person, column, cost, covers, index }) => ({ person, column, cost, covers, value: value[index]! })),
      prices,
      center: this.bestCenter === null ? null : this.requirementPrices(this.bestCenter),
      settled,
    };
  }

  choose(start: Column[]): Column[] {
    const { people } = this.source;
    for (let p = 0; p < people; p++) this.addColumn(p, start[p]!);
    this.generate(Number.POSITIVE_INFINITY);
    while (this.chosen.includes(-1)) {
      const value = this.solve();
      const late = this.late();
      const best = new Array<Entry<Column> | null>(people).fill(null);
      for (const entry of this.entries) {
        if (this.chosen[entry.person]! >= 0) continue;
        const current = best[entry.person];
        if (current === null || current === undefined || value[entry.index]! > value[current.index]!) best[entry.person] = entry;
      }
      let fixedNow = 0;
      let likeliest: Entry<Column> | null = null;
      for (const entry of best) {
        if (entry === null) continue;
        if (late || value[entry.index]! >= FIX_AT) {
          this.fix(entry);
          fixedNow++;
        } else if (likeliest === null || value[entry.index]! > value[likeliest.index]!) {
          likeliest = entry;
        }
      }
      if (fixedNow === 0 && likeliest !== null) this.fix(likeliest);
      if (!late) this.generate(DIVE_PASSES);
    }
    const columns = new Array<Column>(people);
    for (const entry of this.entries) if (this.chosen[entry.person] === entry.index) columns[entry.person] = entry.column;
    return columns;
  }

  private fix(entry: Entry<Column>): void {
    this.chosen[entry.person] = entry.index;
    this.model.changeColBounds(entry.index, 1, 1);
  }

  private late(): boolean {
    return pastDeadlineOrStopped(this.options);
  }

  /** Solves the master's relaxation and returns its columns' values. */
  private solve(): Float64Array {
    this.model.run();
    return this.model.getSolution().colValue;
  }

  /**
   * Prices new columns for the people not fixed yet, for at most `passes` passes, until none saves anything or the
   * relaxation's value is within `GAP` of the best Lagrangian bound found. Prices are smoothed (Wentges): a mix of
   * the prices that gave the best bound so far and the master's duals, which keeps degenerate masters from swinging
   * their duals from pass to pass; when the mix finds no column worth adding, the duals alone are priced. A pass of a
   * large ward prices many people: past the deadline (or the stop) it ends after the person being priced, keeping the
   * columns added so far and reporting no bound (a bound needs every person priced).
   */
  private generate(passes: number): void {
    const { source } = this;
    const rows = this.lower.length;
    let center: Float64Array | null = this.startCenter;
    let centerBound = Number.NEGATIVE_INFINITY;
    const mixed = new Float64Array(rows);
    // Only while everyone is free is the bound one of the whole problem (a fixed person's column is not theirs to keep).
    const root = !this.chosen.some((index) => index >= 0);
    const gap = this.options.gap ?? GAP;
    for (let pass = 0; pass < passes && !this.late(); pass++) {
      this.model.run();
      const dual = this.model.getSolution().rowDual;
      this.pricesOf(dual, this.dualPrice);
      const value = Number(this.model.info.get('objective_function_value'));
      let added = 0;
      for (let alpha = center === null ? 0 : SMOOTHING; ; alpha = 0) {
        for (let r = 0; r < rows; r++) mixed[r] = alpha * (center?.[r] ?? 0) + (1 - alpha) * dual[r]!;
        this.feasiblePrices(mixed);
        this.pricesOf(mixed, this.price);
        // The Lagrangian bound at the mixed prices: every requirement's price times its need, plus each person's
        // cheapest column less what it earns (a fixed person's fixed column).
        let bound = 0;
        for (let r = source.people; r < rows; r++) bound += mixed[r]! * this.lower[r]!;
        let cut = false;
        for (let p = 0; p < source.people; p++) {
          if (p % PRICING_CHECK === PRICING_CHECK - 1 && this.late()) {
            cut = true;
            break;
          }
          const fixed = this.chosen[p]!;
          if (fixed >= 0) {
            const entry = this.entries[this.entryOf[fixed]!]!;
            bound += entry.cost - this.earned(entry.covers, this.price);
            continue;
          }
          const cheapest = source.cheapest(p, this.price, this.ceiling(p));
          bound += cheapest.value;
          const covers = source.covers(p, cheapest.column);
          const cost = source.cost(p, cheapest.column);
          const reduced = cost - dual[p]! - this.earned(covers, this.dualPrice);
          if (!(reduced < -EPSILON)) continue;
          const entry = this.addColumn(p, cheapest.column, cost, covers);
          (this.priced[p] ??= []).push(entry);
          added++;
        }
        if (cut) {
          this.pricingCut = true;
          return;
        }
        if (root) this.options.onBound?.(bound, () => this.requirementPrices(mixed));
        if (bound > centerBound) {
          centerBound = bound;
          center = Float64Array.from(mixed);
          this.bestCenter = center;
        }
        if (added > 0 || alpha === 0) break;
      }
      if (added === 0 || value - centerBound <= gap * Math.abs(value)) return;
    }
  }

  /**
   * Keeps a requirement's row prices where its slack keeps the master's duals: an optimum's within [0, optimalWeight],
   * a minimum's within [0, hardWeight]. HiGHS's duals stray outside by rounding only, but a price outside would leave
   * the Lagrangian bound no bound: a shortfall under the optimum earning more than it costs, or a minimum over-covered
   * at a profit.
   */
  private feasiblePrices(rows: Float64Array): void {
    const { optimalWeight } = this.source;
    for (let i = 0; i < this.optimalRow.length; i++) {
      const optimal = this.optimalRow[i]!;
      if (optimal >= 0) rows[optimal] = Math.min(optimalWeight, Math.max(0, rows[optimal]!));
      const minimum = this.minimumRow[i]!;
      if (minimum >= 0) rows[minimum] = Math.min(this.options.hardWeight, Math.max(0, rows[minimum]!));
    }
  }

  /** The requirements' prices of optimum and minimum at the rows' prices `rows`. */
  private requirementPrices(rows: Float64Array): RequirementPrices {
    const at = (row: Int32Array) => Float64Array.from(row, (r) => (r >= 0 ? rows[r]! : 0));
    return { optimal: at(this.optimalRow), minimum: at(this.minimumRow) };
  }

  /** Each requirement's price (into `price`) at the rows' prices `rows`: its optimum's and its minimum's. */
  private pricesOf(rows: Float64Array, price: Float64Array): void {
    for (let i = 0; i < price.length; i++) {
      price[i] = (this.optimalRow[i]! >= 0 ? rows[this.optimalRow[i]!]! : 0) + (this.minimumRow[i]! >= 0 ? rows[this.minimumRow[i]!]! : 0);
    }
  }

  /**
   * The least that a column the pricing made for person p costs less what it earns at `price`: Infinity before the
   * first. The columns a master starts from are left out: a pricing need not be able to make them (a start may break
   * what the pricing keeps).
   */
  private ceiling(p: number): number {
    let least = Number.POSITIVE_INFINITY;
    for (const entry of this.priced[p] ?? []) least = Math.min(least, entry.cost - this.earned(entry.covers, this.price));
    return least;
  }

  /** What covering these requirements earns at these prices. */
  private earned(covers: number[], price: Float64Array): number {
    let total = 0;
    for (const i of covers) total += price[i]!;
    return total;
  }

  private addSlack(cost: number, row: number): void {
    this.model.addCol(cost, 0, this.highs.infinity, { indices: [row], values: [1] });
    this.entryOf[this.count] = -1;
    this.count++;
  }

  private addColumn(person: number, column: Column, cost = this.source.cost(person, column), covers = this.source.covers(person, column)): Entry<Column> {
    const indices = [person];
    const values = [1];
    for (const i of covers) {
      if (this.optimalRow[i]! >= 0) {
        indices.push(this.optimalRow[i]!);
        values.push(1);
      }
      if (this.minimumRow[i]! >= 0) {
        indices.push(this.minimumRow[i]!);
        values.push(1);
      }
    }
    this.model.addCol(cost, 0, this.highs.infinity, { indices, values });
    this.entryOf[this.count] = this.entries.length;
    const entry = { person, column, cost, covers, index: this.count++ };
    this.entries.push(entry);
    return entry;
  }
}
