import type { Highs, Model } from 'highs';
import { OFF, type Roster } from '../problem.js';
import { dayProblem, PatternSearch, patternCost, type DayProblem } from './working-days.js';
import type { MoveSpace } from './move-space.js';

export interface PlanDaysOptions {
  /** Milliseconds on any monotonic scale. */
  now(): number;
  /** When the plan must be ready: past it, every person still open takes their likeliest pattern at once. */
  deadline: number;
  /** What a requirement's minimum left unmet weighs (the search's hard weight). */
  hardWeight: number;
  /** True when the solve was stopped: the plan is then finished as at its deadline. */
  stopped?(): boolean;
}

/** One person's working days with the skill of each (`OFF` on a day off): a column of the master problem. */
interface Column {
  person: number;
  skill: Int16Array;
  index: number;
}

/** Column generation stops on a pass whose best column saves less than this. */
const EPSILON = 1e-6;
/** A column at least this much chosen in the relaxation is fixed while diving. */
const FIX_AT = 0.6;
/** Passes of pricing after each fixing while diving. */
const DIVE_PASSES = 15;

/**
 * Which days each person works, and with which skill, by column generation over working-day patterns (the
 * relaxation of `dayProblem`): a linear master problem that chooses one pattern per person so that the summed
 * coverage is met at least cost, and for each person a pricing search (`PatternSearch`) for the pattern whose cost
 * less what its days earn at the master's dual prices is lowest. The master's relaxation is then rounded by diving:
 * patterns chosen at least `FIX_AT` are fixed (else the most chosen one), new patterns are priced for the others,
 * until everyone has one. Starts from the people's rows in `start`, and returns them instead when the plan found
 * costs more (`planCost`). Returns each cell's skill, or `OFF`.
 */
export function planWorkingDays(space: MoveSpace, start: Roster, highs: Highs, options: PlanDaysOptions): Int16Array {
  const dp = dayProblem(space, start);
  const model = highs.createModel();
  try {
    model.options.set({ output_flag: false });
    const kept = Int16Array.from(start.skill, (skill, cell) => (start.shift[cell] === OFF ? OFF : skill));
    const plan = new Master(dp, highs, model, options).plan(kept);
    return planCost(dp, plan, options.hardWeight) <= planCost(dp, kept, options.hardWeight) ? plan : kept;
  } finally {
    model.dispose();
  }
}

class Master {
  private readonly columns: Column[] = [];
  private readonly optimalRow: Int32Array;
  private readonly minimumRow: Int32Array;
  /** Per person: the index of the column fixed for them, -1 while open. */
  private readonly chosen: Int32Array;
  private readonly search = new PatternSearch();
  private readonly gain: Float64Array;
  private readonly gainSkill: Int16Array;
  private readonly work: Uint8Array;
  private count = 0;

  constructor(
    private readonly dp: DayProblem,
    private readonly highs: Highs,
    private readonly model: Model,
    private readonly options: PlanDaysOptions,
  ) {
    const { people, days, skillCount } = dp;
    this.chosen = new Int32Array(people).fill(-1);
    this.gain = new Float64Array(days);
    this.gainSkill = new Int16Array(days);
    this.work = new Uint8Array(days);
    for (let p = 0; p < people; p++) model.addRow(1, 1, { indices: [], values: [] });
    let rows = people;
    this.optimalRow = new Int32Array(days * skillCount).fill(-1);
    this.minimumRow = new Int32Array(days * skillCount).fill(-1);
    const weights = dp.problem.weights;
    for (let i = 0; i < days * skillCount; i++) {
      if (dp.optimal[i]! > 0) {
        this.optimalRow[i] = rows++;
        model.addRow(dp.optimal[i]!, highs.infinity, { indices: [], values: [] });
        this.addSlack(weights.coverage_optimal, this.optimalRow[i]!);
      }
      if (dp.minimum[i]! > 0) {
        this.minimumRow[i] = rows++;
        model.addRow(dp.minimum[i]!, highs.infinity, { indices: [], values: [] });
        this.addSlack(options.hardWeight, this.minimumRow[i]!);
      }
    }
  }

  /** `start`: each cell's skill, or `OFF`, of the rows the master starts from. */
  plan(start: Int16Array): Int16Array {
    const { dp } = this;
    for (let p = 0; p < dp.people; p++) this.addColumn(p, start.slice(p * dp.days, (p + 1) * dp.days));
    this.generate(Number.POSITIVE_INFINITY);
    while (this.chosen.includes(-1)) {
      const value = this.solve();
      const late = this.late();
      const best = new Array<Column | null>(dp.people).fill(null);
      for (const column of this.columns) {
        if (this.chosen[column.person]! >= 0) continue;
        const current = best[column.person];
        if (current === null || current === undefined || value[column.index]! > value[current.index]!) best[column.person] = column;
      }
      let fixedNow = 0;
      let likeliest: Column | null = null;
      for (const column of best) {
        if (column === null) continue;
        if (late || value[column.index]! >= FIX_AT) {
          this.fix(column);
          fixedNow++;
        } else if (likeliest === null || value[column.index]! > value[likeliest.index]!) {
          likeliest = column;
        }
      }
      if (fixedNow === 0 && likeliest !== null) this.fix(likeliest);
      if (!late) this.generate(DIVE_PASSES);
    }
    const plan = new Int16Array(dp.people * dp.days).fill(OFF);
    for (const column of this.columns) {
      if (this.chosen[column.person] === column.index) plan.set(column.skill, column.person * dp.days);
    }
    return plan;
  }

  private fix(column: Column): void {
    this.chosen[column.person] = column.index;
    this.model.changeColBounds(column.index, 1, 1);
  }

  private late(): boolean {
    return this.options.now() >= this.options.deadline || this.options.stopped?.() === true;
  }

  /** Solves the master's relaxation and returns its columns' values. */
  private solve(): Float64Array {
    this.model.run();
    return this.model.getSolution().colValue;
  }

  /** Prices new patterns for the people not fixed yet, for at most `passes` passes or until none saves anything. */
  private generate(passes: number): void {
    const { dp } = this;
    for (let pass = 0; pass < passes && !this.late(); pass++) {
      this.model.run();
      const dual = this.model.getSolution().rowDual;
      let added = 0;
      for (let p = 0; p < dp.people; p++) {
        if (this.chosen[p]! >= 0) continue;
        this.price(p, dual);
        const reduced = this.search.cheapest(dp, p, this.gain, this.work) - dual[p]!;
        if (reduced > -EPSILON) continue;
        const skill = new Int16Array(dp.days).fill(OFF);
        for (let d = 0; d < dp.days; d++) if (this.work[d]) skill[d] = this.gainSkill[d]!;
        this.addColumn(p, skill);
        added++;
      }
      if (added === 0) return;
    }
  }

  /** What working each day earns person p at the master's prices, with the skill that earns it. */
  private price(p: number, dual: Float64Array): void {
    const { dp } = this;
    for (let d = 0; d < dp.days; d++) {
      const fixed = dp.fixed[p * dp.days + d]!;
      let best = Number.NEGATIVE_INFINITY;
      let bestSkill = OFF;
      for (const k of fixed >= 0 ? [fixed] : dp.skillsOf[p]!) {
        const i = d * dp.skillCount + k;
        const earned = (this.optimalRow[i]! >= 0 ? dual[this.optimalRow[i]!]! : 0) + (this.minimumRow[i]! >= 0 ? dual[this.minimumRow[i]!]! : 0);
        if (earned > best) {
          best = earned;
          bestSkill = k;
        }
      }
      this.gain[d] = best === Number.NEGATIVE_INFINITY ? 0 : best;
      this.gainSkill[d] = bestSkill;
    }
  }

  private addSlack(cost: number, row: number): void {
    this.model.addCol(cost, 0, this.highs.infinity, { indices: [row], values: [1] });
    this.count++;
  }

  private addColumn(person: number, skill: Int16Array): void {
    const { dp } = this;
    const indices = [person];
    const values = [1];
    for (let d = 0; d < dp.days; d++) {
      this.work[d] = skill[d]! === OFF ? 0 : 1;
      if (skill[d]! === OFF) continue;
      const i = d * dp.skillCount + skill[d]!;
      if (this.optimalRow[i]! >= 0) {
        indices.push(this.optimalRow[i]!);
        values.push(1);
      }
      if (this.minimumRow[i]! >= 0) {
        indices.push(this.minimumRow[i]!);
        values.push(1);
      }
    }
    this.model.addCol(patternCost(dp, person, this.work), 0, this.highs.infinity, { indices, values });
    this.columns.push({ person, skill, index: this.count++ });
  }
}

/**
 * What a plan costs in the relaxation: its people's patterns (`patternCost`) and its summed coverage left under the
 * optimum (at the coverage weight) or under the minimum (at `hardWeight`).
 */
export function planCost(dp: DayProblem, plan: Int16Array, hardWeight: number): number {
  const covered = new Int32Array(dp.days * dp.skillCount);
  const work = new Uint8Array(dp.days);
  let cost = 0;
  for (let p = 0; p < dp.people; p++) {
    for (let d = 0; d < dp.days; d++) {
      const skill = plan[p * dp.days + d]!;
      work[d] = skill === OFF ? 0 : 1;
      if (skill !== OFF) covered[d * dp.skillCount + skill]!++;
    }
    cost += patternCost(dp, p, work);
  }
  for (let i = 0; i < covered.length; i++) {
    cost += dp.problem.weights.coverage_optimal * Math.max(0, dp.optimal[i]! - covered[i]!);
    cost += hardWeight * Math.max(0, dp.minimum[i]! - covered[i]!);
  }
  return cost;
}
