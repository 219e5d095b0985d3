import { OFF, coverageIndex, type Roster } from '../problem.js';
import { cellPrices } from './lower-bound.js';
import type { ColumnSource, RequirementPrices } from './master-problem.js';
import type { MoveSpace } from './move-space.js';
import { rowColumnSource, rowProblem } from './plan-rows.js';

/**
 * Where a roster stands from the bound, person by person. At the bound's prices (u on each requirement's optimum,
 * v ≥ 0 on its minimum) a roster without hard violations scores exactly
 *
 *   bound + Σ over people of (their row's cost − what its cells earn − their least at those prices) + the coverage's part
 *
 * (docs/solver.md, "The certificate"), each person's part at least 0. On the INRC-II instances a roster a few per cent
 * above the bound owes nearly all its persons' part to 5–7 people of 30–120: those are whose rows a window of people
 * should re-plan. `gaps` gives each person's part for a roster; each person's least is priced once for each set of
 * prices, over the rows the search may make (the bound's relaxation also lets inactive shift types in, so on a ward
 * with one the parts may add up to a little less than the identity says).
 */
export class PeopleGuide {
  private readonly source: ColumnSource<Roster>;
  private readonly price: Float64Array;
  private readonly least: Float64Array;
  private version = -1;

  constructor(
    private readonly space: MoveSpace,
    start: Roster,
    hardWeight: number,
  ) {
    this.source = rowColumnSource(space, rowProblem(space, start), hardWeight, true);
    this.price = new Float64Array(this.source.minimum.length);
    this.least = new Float64Array(space.people);
  }

  /** Whether the guide has prices (`setPrices`) to read gaps at. */
  get priced(): boolean {
    return this.version >= 0;
  }

  /**
   * Prices each person's least row at `prices` (brought into their ranges as the bound brings them), unless `version`
   * is the one priced already. Stops early, unpriced, when `stopped` says so between people.
   */
  setPrices(prices: RequirementPrices, version: number, stopped: () => boolean): void {
    if (version === this.version) return;
    const { source, price } = this;
    price.set(cellPrices(source, prices).price);
    this.version = -1;
    for (let p = 0; p < source.people; p++) {
      if (stopped()) return;
      this.least[p] = source.cheapest(p, price).value;
    }
    this.version = version;
  }

  /** Each person's part of `roster`'s distance from the bound (0 where rounding leaves it a hair below). */
  gaps(roster: Roster): Float64Array {
    const { space, source, price, least } = this;
    const { problem, days, people } = space;
    const gaps = new Float64Array(people);
    for (let p = 0; p < people; p++) {
      const row: Roster = { shift: roster.shift.subarray(p * days, (p + 1) * days), skill: roster.skill.subarray(p * days, (p + 1) * days) };
      let earns = 0;
      for (let d = 0; d < days; d++) if (row.shift[d] !== OFF) earns += price[coverageIndex(problem, d, row.shift[d]!, row.skill[d]!)]!;
      gaps[p] = Math.max(0, source.cost(p, row) - earns - least[p]!);
    }
    return gaps;
  }
}
