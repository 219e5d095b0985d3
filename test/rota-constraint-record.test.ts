import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Highs } from 'highs';
import { CONSTRAINT_RECORD, isNoForm, type FormName } from '../server/rota/constraints.js';
import { coverageCounts, coverageScore, personScore } from '../server/rota/evaluate.js';
import { OFF, SOFT_CONSTRAINTS, emptyRoster, type Constraint, type Roster, type RosterProblem, type Score } from '../server/rota/problem.js';
import { relaxColumns, type ColumnSource } from '../server/rota/solver/master-problem.js';
import { admissibleStart } from '../server/rota/solver/construct.js';
import { cheapestShiftTypes } from '../server/rota/solver/lay-shifts.js';
import { loadHighs } from '../server/rota/solver/load-highs.js';
import { moveSpace } from '../server/rota/solver/move-space.js';
import { PersonCost } from '../server/rota/solver/person-cost.js';
import { planCost } from '../server/rota/solver/plan-days.js';
import { seededRandom, type Random } from '../server/rota/solver/random.js';
import { rowColumns, rowColumnSource, rowProblem, RowSearch } from '../server/rota/solver/plan-rows.js';
import { SearchState } from '../server/rota/solver/state.js';
import { dayProblem, FREE, PatternSearch, patternCost } from '../server/rota/solver/working-days.js';
import { ROTA_WEIGHT_NAMES } from '../shared/schemas/rota/settings.js';
import { cheapestOpenRow, daysOnly, handMadeWard, n005w4, randomRoster, randomVariant, rowValue, shortVariant } from './support/rota-problems.js';

/**
 * Walks the constraint record: for every constraint and every form its entry claims, small random problems in which
 * only that constraint counts, and the form held to the evaluator on them. Each check also counts the cases where the
 * constraint charged something, so that a form is never checked only where the rule is silent.
 */

const HARD = 1000;
const BASES = [n005w4(), handMadeWard()];

/**
 * `problem` (changed in place) shaped so that only `name` counts: every other soft weight 0, and the other hard rules
 * given nothing to find (no forbidden successions, every person with every skill, no leave, no requirements).
 */
function isolate(problem: RosterProblem, name: Constraint): RosterProblem {
  for (const soft of SOFT_CONSTRAINTS) if (soft !== name) problem.weights[soft] = 0;
  if (name !== 'forbidden_succession') problem.forbiddenNext = problem.forbiddenNext.map((row) => row.map(() => false));
  if (name !== 'missing_skill') for (const person of problem.staff) person.skills = problem.skills.map((_, k) => k);
  if (name !== 'leave') for (const person of problem.staff) person.leave = person.leave.map(() => false);
  if (name !== 'preference') problem.preferences = [];
  if (name !== 'coverage_minimum') problem.minimum = problem.minimum.map(() => 0);
  if (name !== 'coverage_optimal') problem.optimal = problem.optimal.map(() => 0);
  return problem;
}

/** Every requirement of `problem` drawn at random: a minimum of 0 to 2 and an optimum up to one above it. */
function randomCover(problem: RosterProblem, random: Random): RosterProblem {
  problem.minimum = problem.minimum.map(() => random.int(3));
  problem.optimal = problem.minimum.map((minimum) => minimum + random.int(2));
  return problem;
}

/** The same problem with its first shift type alone, so that summing coverage over shift types changes nothing. */
function oneShiftType(problem: RosterProblem): RosterProblem {
  const perDay = problem.shiftTypes.length * problem.skills.length;
  const K = problem.skills.length;
  problem.minimum = Array.from({ length: problem.days * K }, (_, i) => problem.minimum[Math.floor(i / K) * perDay + (i % K)]!);
  problem.optimal = Array.from({ length: problem.days * K }, (_, i) => problem.optimal[Math.floor(i / K) * perDay + (i % K)]!);
  problem.shiftTypes = [{ ...problem.shiftTypes[0]!, assignable: true }];
  problem.forbiddenNext = [[false]];
  problem.preferences = problem.preferences.filter((preference) => (preference.shift ?? 0) === 0);
  for (const person of problem.staff) if (person.carryIn.lastShift !== null) person.carryIn = { ...person.carryIn, lastShift: 0 };
  return problem;
}

/**
 * Runs `check` on `rounds` rounds of each base problem with one random source, and returns how many times it said the
 * constraint charged something (`charge`).
 */
function eachRound(seed: number, rounds: number, check: (base: RosterProblem, round: number, random: Random, charge: () => void) => void): number {
  const random = seededRandom(seed);
  let charged = 0;
  for (const base of BASES) for (let round = 0; round < rounds; round++) check(base, round, random, () => charged++);
  return charged;
}

function weighed(score: Score): number {
  return score.soft + HARD * score.hard;
}

/** Σ coverageScore over every requirement of the roster, a hard unit at `HARD`. */
function coverageTotal(problem: RosterProblem, roster: Roster): Score {
  const counts = coverageCounts(problem, roster);
  const total = { hard: 0, soft: 0 };
  counts.forEach((count, index) => {
    const score = coverageScore(problem, index, count);
    total.hard += score.hard;
    total.soft += score.soft;
  });
  return total;
}

function randomCell(problem: RosterProblem, random: Random): { shift: number; skill: number } {
  if (random.int(3) === 0) return { shift: OFF, skill: OFF };
  return { shift: random.int(problem.shiftTypes.length), skill: random.int(problem.skills.length) };
}

/** `PersonCost.score` equals `personScore`, and `PersonCost.change` the difference of two, on random rosters and changes. */
function checkPersonCost(name: Constraint): number {
  return eachRound(101, 6, (base, round, random, charge) => {
    const problem = isolate(randomVariant(base, random), name);
    const cost = new PersonCost(problem);
    const roster = randomRoster(problem, 300 + round);
    for (let p = 0; p < problem.staff.length; p++) {
      const before = personScore(problem, roster, p);
      cost.score(roster, p);
      expect({ name, round, p, score: { hard: cost.hard, soft: cost.soft } }).toEqual({ name, round, p, score: before });
      if (weighed(before) > 0) charge();
      for (let move = 0; move < 8; move++) {
        cost.score(roster, p);
        const [worked, weekends] = [cost.worked, cost.weekendsWorked];
        const lo = random.int(problem.days);
        const hi = Math.min(problem.days - 1, lo + random.int(3));
        const beforeShift = roster.shift.slice(p * problem.days + lo, p * problem.days + hi + 1);
        const beforeSkill = roster.skill.slice(p * problem.days + lo, p * problem.days + hi + 1);
        const was = personScore(problem, roster, p);
        for (let d = lo; d <= hi; d++) {
          const cell = randomCell(problem, random);
          roster.shift[p * problem.days + d] = cell.shift;
          roster.skill[p * problem.days + d] = cell.skill;
        }
        const now = personScore(problem, roster, p);
        cost.change(roster, p, lo, hi, beforeShift, beforeSkill, worked, weekends);
        expect({ name, round, p, lo, hi, change: { hard: cost.deltaHard, soft: cost.deltaSoft } }).toEqual({
          name,
          round,
          p,
          lo,
          hi,
          change: { hard: now.hard - was.hard, soft: now.soft - was.soft },
        });
        if (now.hard !== was.hard || now.soft !== was.soft) charge();
      }
    }
  });
}

/**
 * `RowSearch.cheapest` finds the row that trying every open row finds, each scored by the evaluator. A hard violation
 * weighs little here, and gains are high, so that the cheapest row often pays for breaking the rule.
 */
function checkRowSearch(name: Constraint): number {
  const hardWeight = 7;
  return eachRound(202, 3, (base, round, random, charge) => {
    const days = 4 + random.int(2);
    const problem = isolate(shortVariant(base, days, random, true), name);
    const pinned = Uint8Array.from({ length: problem.staff.length * days }, (_, cell) => (random.int(8) === 0 && !problem.staff[Math.floor(cell / days)]!.leave[cell % days] ? 1 : 0));
    const space = moveSpace(problem, pinned, 7);
    const rows = rowProblem(space, admissibleStart(space, randomRoster(problem, round)));
    const search = new RowSearch(rows);
    const { choices } = rows;
    const row = new Int16Array(days);
    for (let p = 0; p < problem.staff.length; p++) {
      const gain = Float64Array.from({ length: days * choices }, () => random.int(3) * 30 * random.next());
      const best = cheapestOpenRow(rows.open, p, days, choices, (candidate) => rowValue(problem, p, candidate, gain, choices, hardWeight));
      const found = search.cheapest(p, gain, hardWeight, row);
      expect({ name, round, p, found }).toEqual({ name, round, p, found: expect.closeTo(best, 6) });
      if (found === Number.POSITIVE_INFINITY) continue;
      expect(rowValue(problem, p, row, gain, choices, hardWeight)).toBeCloseTo(found, 6);
      // Given what a row costs (the cheapest's own value, or a row of random open choices'), the search drops states
      // that cannot beat it and finds the same row.
      // Drawn from a source of its own, so that the rounds' problems stay those the counts of charges were made on.
      const pick = seededRandom(1000 * round + p);
      const other = Int16Array.from({ length: days }, (_, d) => {
        const open = [...Array(choices).keys()].filter((x) => (rows.open[p * days + d]! & (1 << x)) !== 0);
        return open[pick.int(open.length)]! - 1;
      });
      for (const ceiling of [found, rowValue(problem, p, other, gain, choices, hardWeight)]) {
        const pruned = new Int16Array(days);
        expect({ name, round, p, ceiling, found: search.cheapest(p, gain, hardWeight, pruned, ceiling) }).toEqual({ name, round, p, ceiling, found });
        expect(pruned).toEqual(row);
      }
      if (rowValue(problem, p, row, new Float64Array(days * choices), choices, hardWeight) > 0) charge();
    }
  });
}

/** `patternCost` equals the evaluator on the same working days with shift types left out. */
function checkPatternCost(name: Constraint): number {
  return eachRound(303, 8, (base, round, random, charge) => {
    const problem = isolate(randomVariant(base, random), name);
    const relaxed = daysOnly(problem);
    const space = moveSpace(problem, undefined, 7);
    const dp = dayProblem(space, emptyRoster(problem));
    for (let p = 0; p < problem.staff.length; p++) {
      const work = Uint8Array.from({ length: problem.days }, () => random.int(2));
      const roster = emptyRoster(relaxed);
      work.forEach((worked, d) => {
        if (!worked) return;
        roster.shift[p * problem.days + d] = 0;
        roster.skill[p * problem.days + d] = problem.staff[p]!.skills[0] ?? 0;
      });
      const expected = personScore(relaxed, roster, p).soft;
      expect({ name, round, p, cost: patternCost(dp, p, work) }).toEqual({ name, round, p, cost: expected });
      if (expected > 0) charge();
    }
  });
}

/** `PatternSearch.cheapest` finds the working days that trying every pattern finds, each costed by `patternCost`. */
function checkPatternSearch(name: Constraint): number {
  const search = new PatternSearch();
  return eachRound(313, 4, (base, round, random, charge) => {
    const days = 6 + random.int(3);
    const problem = isolate(shortVariant(base, days, random), name);
    const pinned = Uint8Array.from({ length: problem.staff.length * days }, () => (random.int(8) === 0 ? 1 : 0));
    const space = moveSpace(problem, pinned, 7);
    const dp = dayProblem(space, admissibleStart(space, randomRoster(problem, round)));
    const work = new Uint8Array(days);
    for (let p = 0; p < problem.staff.length; p++) {
      const gain = Float64Array.from({ length: days }, () => random.int(3) * 30 * random.next());
      const valueOf = (pattern: Uint8Array) => patternCost(dp, p, pattern) - pattern.reduce((total, worked, d) => total + (worked ? gain[d]! : 0), 0);
      let best = Number.POSITIVE_INFINITY;
      for (let bits = 0; bits < 1 << days; bits++) {
        for (let d = 0; d < days; d++) work[d] = (bits >> d) & 1;
        const allowed = work.every((worked, d) => {
          const fixed = dp.fixed[p * days + d]!;
          return fixed === FREE ? !worked || dp.skillsOf[p]!.length > 0 : (fixed !== OFF) === (worked === 1);
        });
        if (allowed) best = Math.min(best, valueOf(work));
      }
      const found = search.cheapest(dp, p, gain, work);
      expect({ name, round, p, found }).toEqual({ name, round, p, found: expect.closeTo(best, 6) });
      expect(valueOf(work)).toBeCloseTo(found, 6);
      if (patternCost(dp, p, work) > 0) charge();
    }
  });
}

/**
 * A rule kept by closing choices: no choice the search leaves open breaks it (each open shift type with each skill it
 * may take there), and some choice that would break it is closed.
 */
function checkClosedChoices(name: Constraint, form: 'rowPricing' | 'patternPricing'): number {
  return eachRound(404, 3, (base, round, random, charge) => {
    const problem = isolate(randomVariant(base, random), name);
    for (const person of problem.staff) if (random.int(2) === 0) person.skills = person.skills.slice(0, 1);
    const space = moveSpace(problem, undefined, 7);
    const rows = rowProblem(space, admissibleStart(space, randomRoster(problem, round)));
    const dp = rows.day;
    // One working cell at a time, the others off.
    const roster = emptyRoster(problem);
    for (let p = 0; p < problem.staff.length; p++) {
      for (let d = 0; d < problem.days; d++) {
        const cell = p * problem.days + d;
        const fixed = dp.fixed[cell]!;
        const skills = fixed === FREE ? dp.skillsOf[p]! : fixed === OFF ? [] : [fixed];
        for (let s = 0; s < problem.shiftTypes.length; s++) {
          // The working-day pattern leaves shift types out: any assignable one may come to be laid there.
          const shiftOpen = form === 'rowPricing' ? (rows.open[cell]! & (1 << (s + 1))) !== 0 : space.assignable.includes(s);
          for (let k = 0; k < problem.skills.length; k++) {
            roster.shift[cell] = s;
            roster.skill[cell] = k;
            const units = personScore(problem, roster, p).hard;
            roster.shift[cell] = OFF;
            roster.skill[cell] = OFF;
            if (shiftOpen && skills.includes(k)) expect({ name, form, round, p, d, s, k, units }).toEqual({ name, form, round, p, d, s, k, units: 0 });
            else if (units > 0) charge();
          }
        }
      }
    }
  });
}

/** `SearchState` keeps each requirement's `coverageScore` through random moves, accepted or undone. */
function checkSearchState(name: Constraint): number {
  return eachRound(505, 3, (base, round, random, charge) => {
    const problem = isolate(randomCover(randomVariant(base, random), random), name);
    const state = new SearchState(problem, randomRoster(problem, round), 8);
    expect({ name, round, score: state.score() }).toEqual({ name, round, score: coverageTotal(problem, state.roster) });
    for (let move = 0; move < 120; move++) {
      const cells = 1 + random.int(3);
      for (let i = 0; i < cells; i++) {
        const cell = randomCell(problem, random);
        state.set(random.int(problem.staff.length), random.int(problem.days), cell.shift, cell.skill);
      }
      state.evaluate();
      const after = coverageTotal(problem, state.roster);
      const score = state.score();
      expect({ name, round, move, delta: { hard: state.deltaHard, soft: state.deltaSoft } }).toEqual({
        name,
        round,
        move,
        delta: { hard: after.hard - score.hard, soft: after.soft - score.soft },
      });
      if (state.deltaHard !== 0 || state.deltaSoft !== 0) charge();
      if (random.int(2) === 0) state.commit();
      else state.rollback();
    }
  });
}

/**
 * The master's requirement rows: with one column per person, its relaxation's value (the Lagrangian bound of its first
 * pass, exact with every column priced) is the people's costs plus each requirement's `coverageScore`.
 */
function checkMasterRows(name: Constraint, highs: Highs): number {
  return eachRound(606, 3, (base, round, random, charge) => {
    const problem = isolate(randomCover(randomVariant(base, random), random), name);
    const space = moveSpace(problem, undefined, 7);
    const roster = admissibleStart(space, randomRoster(problem, round));
    const source = rowColumnSource(space, rowProblem(space, roster), HARD, true);
    const columns = rowColumns(space, roster);
    const only: ColumnSource<Roster> = {
      ...source,
      cheapest: (p, price) => ({ column: columns[p]!, value: source.cost(p, columns[p]!) - source.covers(p, columns[p]!).reduce((total, i) => total + price[i]!, 0) }),
    };
    const bounds: number[] = [];
    relaxColumns(only, columns.map((column, person) => ({ person, column })), highs, { now: () => 0, deadline: 1, hardWeight: HARD, onBound: (bound) => bounds.push(bound) });
    const people = columns.reduce((total, column, p) => total + source.cost(p, column), 0);
    const cover = weighed(coverageTotal(problem, roster));
    expect({ name, round, value: bounds[0] }).toEqual({ name, round, value: expect.closeTo(people + cover, 4) });
    if (cover > 0) charge();
  });
}

/** `planCost` charges a plan's coverage as `coverageScore` does, on a problem of one shift type (summing is then exact). */
function checkDayProblem(name: Constraint): number {
  return eachRound(707, 6, (base, round, random, charge) => {
    const problem = isolate(oneShiftType(randomCover(randomVariant(base, random), random)), name);
    const space = moveSpace(problem, undefined, 7);
    const roster = admissibleStart(space, randomRoster(problem, round));
    const dp = dayProblem(space, roster);
    const plan = Int16Array.from(roster.skill, (skill, cell) => (roster.shift[cell] === OFF ? OFF : skill));
    let people = 0;
    for (let p = 0; p < problem.staff.length; p++) {
      people += patternCost(dp, p, Uint8Array.from(plan.subarray(p * problem.days, (p + 1) * problem.days), (skill) => (skill === OFF ? 0 : 1)));
    }
    const cover = weighed(coverageTotal(problem, roster));
    expect({ name, round, cost: planCost(dp, plan, HARD) - people }).toEqual({ name, round, cost: cover });
    if (cover > 0) charge();
  });
}

/** `cheapestShiftTypes` gives a day's people of one skill the shift types that leave the least `coverageScore`. */
function checkShiftLayer(name: Constraint): number {
  return eachRound(808, 20, (base, round, random, charge) => {
    const problem = isolate(randomCover(randomVariant(base, random), random), name);
    const { assignable } = moveSpace(problem, undefined, 7);
    const covered = coverageCounts(problem, randomRoster(problem, round));
    const [d, k, n] = [random.int(problem.days), random.int(problem.skills.length), 1 + random.int(4)];
    const indexOf = (i: number) => (d * problem.shiftTypes.length + assignable[i]!) * problem.skills.length + k;
    const costOf = (taken: ArrayLike<number>): number => {
      const counts = assignable.map((_, i) => covered[indexOf(i)]!);
      for (let g = 0; g < n; g++) counts[taken[g]!]!++;
      return counts.reduce((total, count, i) => total + weighed(coverageScore(problem, indexOf(i), count)), 0);
    };
    let best = Number.POSITIVE_INFINITY;
    for (let code = 0; code < assignable.length ** n; code++) {
      best = Math.min(best, costOf(Array.from({ length: n }, (_, g) => Math.floor(code / assignable.length ** g) % assignable.length)));
    }
    const chosen = cheapestShiftTypes(problem, covered, d, k, assignable, n, HARD, () => 0);
    expect({ name, round, cost: costOf(chosen) }).toEqual({ name, round, cost: best });
    if (costOf(chosen) < costOf(new Int32Array(n))) charge();
  });
}

let highs: Highs;

/** Each form's check, by the form's name: a new form in the record is a compile error here until it is checked. */
const CHECKS: { [F in FormName]: (name: Constraint, how: string) => number } = {
  personCost: (name) => checkPersonCost(name),
  rowPricing: (name, how) => (how === 'closed-choices' ? checkClosedChoices(name, 'rowPricing') : checkRowSearch(name)),
  patternPricing: (name, how) => (how === 'closed-choices' ? checkClosedChoices(name, 'patternPricing') : checkPatternCost(name) + checkPatternSearch(name)),
  searchState: (name) => checkSearchState(name),
  masterRows: (name) => checkMasterRows(name, highs),
  dayProblem: (name) => checkDayProblem(name),
  // The shift-type layer's estimates of person rules are not the evaluator's, by design: only its earnings are held to it.
  shiftLayer: (name, how) => (how === 'earnings' ? checkShiftLayer(name) : Number.NaN),
};

describe('the constraint record', () => {
  beforeAll(async () => {
    highs = await loadHighs();
  });

  for (const [name, entry] of Object.entries(CONSTRAINT_RECORD) as [Constraint, (typeof CONSTRAINT_RECORD)[Constraint]][]) {
    for (const form of Object.keys(CHECKS) as FormName[]) {
      const how: unknown = entry[form];
      if (isNoForm(how) || how === 'estimate') continue;
      it(`holds ${name}'s ${form} (${String(how)}) to the evaluator, on problems where it charges something`, () => {
        expect(CHECKS[form](name, String(how))).toBeGreaterThan(0);
      });
    }
  }

  it("gives each constraint its severity, a ward's weight where the settings have one, and person or coverage forms as the evaluator counts it", () => {
    for (const [name, entry] of Object.entries(CONSTRAINT_RECORD) as [Constraint, (typeof CONSTRAINT_RECORD)[Constraint]][]) {
      expect({ name, soft: (SOFT_CONSTRAINTS as readonly string[]).includes(name) }).toEqual({ name, soft: entry.severity === 'soft' });
      expect({ name, wardWeight: entry.wardWeight }).toEqual({ name, wardWeight: (ROTA_WEIGHT_NAMES as readonly string[]).includes(name) });
      const coverage = entry.evaluator.scope === 'coverage';
      expect({ name, personCost: isNoForm(entry.personCost), searchState: isNoForm(entry.searchState) }).toEqual({ name, personCost: coverage, searchState: !coverage });
    }
  });
});
