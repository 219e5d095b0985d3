import type { Highs } from 'highs';
import { OFF, type Roster } from '../problem.js';
import { chooseColumns, type ColumnSource, type MasterOptions } from './master-problem.js';
import type { MoveSpace } from './move-space.js';
import { bestSkill, dayProblem, PatternSearch, patternCost, type DayProblem } from './working-days.js';

/**
 * Which days each person works, and with which skill, by column generation over working-day patterns (the
 * relaxation of `dayProblem`, `chooseColumns`): each person's pricing is the pattern search (`PatternSearch`) with
 * each day earning the price of the skill that earns most. Starts from the people's rows in `start`, and returns them
 * instead when the plan found costs more (`planCost`). Returns each cell's skill, or `OFF`.
 */
export function planWorkingDays(space: MoveSpace, start: Roster, highs: Highs, options: MasterOptions): Int16Array {
  const dp = dayProblem(space, start);
  const { people, days } = dp;
  const kept = workingDays(start);
  const chosen = chooseColumns(workingDaysSource(dp), dayColumns(dp, kept), highs, options);
  const plan = new Int16Array(people * days);
  chosen.forEach((column, p) => plan.set(column, p * days));
  return planCost(dp, plan, options.hardWeight) <= planCost(dp, kept, options.hardWeight) ? plan : kept;
}

/** Each cell's skill where `roster` works it, else `OFF`. */
export function workingDays(roster: Roster): Int16Array {
  return Int16Array.from(roster.skill, (skill, cell) => (roster.shift[cell] === OFF ? OFF : skill));
}

/** Each person's row of working days (`workingDays`), as a column of `workingDaysSource`. */
export function dayColumns(dp: DayProblem, plan: Int16Array): Int16Array[] {
  return Array.from({ length: dp.people }, (_, p) => plan.slice(p * dp.days, (p + 1) * dp.days));
}

/**
 * The columns of the working-days relaxation: a person's working days with a skill each (or `OFF`), costing
 * `patternCost`; the pricing is the pattern search (`PatternSearch`), each day earning the price of the skill that earns
 * most. Exact for each person, so a Lagrangian bound read over it is valid (`DayProblem`).
 */
export function workingDaysSource(dp: DayProblem): ColumnSource<Int16Array> {
  const { people, days, skillCount } = dp;
  const search = new PatternSearch();
  const gain = new Float64Array(days);
  const gainSkill = new Int16Array(days);
  const work = new Uint8Array(days);
  const workOf = (column: Int16Array): Uint8Array => Uint8Array.from(column, (skill) => (skill === OFF ? 0 : 1));
  return {
    people,
    minimum: dp.minimum,
    optimal: dp.optimal,
    optimalWeight: dp.problem.weights.coverage_optimal,
    cost: (p, column) => patternCost(dp, p, workOf(column)),
    covers: (_, column) => Array.from(column).flatMap((skill, d) => (skill === OFF ? [] : [d * skillCount + skill])),
    cheapest: (p, price) => {
      for (let d = 0; d < days; d++) {
        const skill = bestSkill(dp, p, d, (k) => price[d * skillCount + k]!);
        gain[d] = skill === OFF ? 0 : price[d * skillCount + skill]!;
        gainSkill[d] = skill;
      }
      const value = search.cheapest(dp, p, gain, work);
      return { column: Int16Array.from(work, (worked, d) => (worked ? gainSkill[d]! : OFF)), value };
    },
  };
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
