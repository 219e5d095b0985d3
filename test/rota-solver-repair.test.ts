import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Highs } from 'highs';
import { changedCells, evaluate, objective, personChanges, personObjective, personScore } from '../server/rota/evaluate.js';
import { DEFAULT_WEIGHTS, OFF, cellIndex, copyRoster, coverageIndex, emptyRoster, isChange, type Roster, type RosterProblem } from '../server/rota/problem.js';
import { admissibleStart } from '../server/rota/solver/construct.js';
import { loadHighs } from '../server/rota/solver/load-highs.js';
import { moveSpace } from '../server/rota/solver/move-space.js';
import { MOVES } from '../server/rota/solver/moves.js';
import { MOVE_NAMES } from '../server/rota/solver/tuning.js';
import { PersonCost } from '../server/rota/solver/person-cost.js';
import { seededRandom, type Random } from '../server/rota/solver/random.js';
import { rowProblem, RowSearch } from '../server/rota/solver/plan-rows.js';
import { solve, type SolveOptions } from '../server/rota/solver/solve.js';
import { SearchState } from '../server/rota/solver/state.js';
import { cheapestOpenRow, handMadeWard, n005w4, randomRoster, randomVariant, shortVariant } from './support/rota-problems.js';

/**
 * A repair's change charge in the engine (docs/rota.md §11.2): every fast path (the person's incremental cost, the
 * search state, the row pricing) checked against the one evaluator plus the change count.
 */

const HARD = 1000;

function budget(seed: number, maxMoves: number): SolveOptions {
  return { now: () => 0, deadline: 1, seed, maxMoves };
}

/** A reference near `roster` (some cells redrawn, some skills swapped) from a random day on, with a random weight. */
function withReference(problem: RosterProblem, roster: Roster, random: Random): RosterProblem {
  const reference = copyRoster(roster);
  for (let cell = 0; cell < reference.shift.length; cell++) {
    const pick = random.int(6);
    if (pick === 0) {
      reference.shift[cell] = OFF;
      reference.skill[cell] = OFF;
    } else if (pick === 1) {
      reference.shift[cell] = random.int(problem.shiftTypes.length);
      reference.skill[cell] = random.int(problem.skills.length);
    } else if (pick === 2 && reference.shift[cell]! >= 0) {
      reference.skill[cell] = random.int(problem.skills.length);
    }
  }
  const from = [0, random.int(problem.days), problem.days - 1][random.int(3)]!;
  return { ...problem, reference: { roster: reference, from, weight: [1, 50, 1000][random.int(3)]! } };
}

/** A random cell value: off, or any shift type with any skill. */
function randomCell(problem: RosterProblem, random: Random): { shift: number; skill: number } {
  if (random.int(3) === 0) return { shift: OFF, skill: OFF };
  return { shift: random.int(problem.shiftTypes.length), skill: random.int(problem.skills.length) };
}

describe("a repair's change charge", () => {
  it('counts the cells from `from` on whose shift type or skill differs from the reference', () => {
    const problem = n005w4();
    const roster = randomRoster(problem, 1);
    const reference = copyRoster(roster);
    const [a, b, c, d] = [cellIndex(problem, 0, 3), cellIndex(problem, 1, 10), cellIndex(problem, 2, 12), cellIndex(problem, 3, 20)];
    // Before `from` (day 5): not counted.
    reference.shift[a] = roster.shift[a] === OFF ? 0 : OFF;
    // Work for a day off, another skill on the same shift type, another shift type.
    reference.shift[b] = OFF;
    reference.skill[b] = OFF;
    roster.shift[b] = 1;
    roster.skill[b] = 0;
    reference.shift[c] = 2;
    reference.skill[c] = 0;
    roster.shift[c] = 2;
    roster.skill[c] = 1;
    reference.shift[d] = 1;
    reference.skill[d] = 0;
    roster.shift[d] = 2;
    roster.skill[d] = 0;
    const repair = { ...problem, reference: { roster: reference, from: 5, weight: 50 } };
    expect(changedCells(repair, roster)).toEqual([b, c, d]);
    expect([0, 1, 2, 3, 4].map((p) => personChanges(repair, roster, p))).toEqual([0, 1, 1, 1, 0]);
    expect(objective(repair, roster)).toEqual({ hard: evaluate(problem, roster).score.hard, soft: evaluate(problem, roster).score.soft + 150 });
    expect(objective(problem, roster)).toEqual(evaluate(problem, roster).score);
    expect(isChange(OFF, OFF, OFF, 3)).toBe(false);
  });

  it("is part of the fast person score, which equals personScore() plus the weight for each of the person's changes", () => {
    const random = seededRandom(501);
    let compared = 0;
    for (const base of [n005w4(), handMadeWard()]) {
      for (let round = 0; round < 40; round++) {
        const variant = randomVariant(base, random);
        const roster = randomRoster(variant, round);
        const problem = withReference(variant, roster, random);
        const fast = new PersonCost(problem);
        for (let p = 0; p < problem.staff.length; p++) {
          fast.score(roster, p);
          const plain = personScore(problem, roster, p);
          const expected = { hard: plain.hard, soft: plain.soft + problem.reference!.weight * personChanges(problem, roster, p) };
          expect(personObjective(problem, roster, p)).toEqual(expected);
          expect({ p, hard: fast.hard, soft: fast.soft }).toEqual({ p, ...expected });
          compared++;
        }
      }
    }
    expect(compared).toBe(40 * 5 + 40 * 8);
  });

  it('is scored by a change of some days as the difference of personObjective() before and after', () => {
    const random = seededRandom(502);
    let compared = 0;
    let charged = 0;
    for (const base of [n005w4(), handMadeWard()]) {
      for (let round = 0; round < 30; round++) {
        const variant = randomVariant(base, random);
        const roster = randomRoster(variant, 100 + round);
        const problem = withReference(variant, roster, random);
        const cost = new PersonCost(problem);
        const { days } = problem;
        for (let trial = 0; trial < 40; trial++) {
          const p = random.int(problem.staff.length);
          cost.score(roster, p);
          const before = { ...personObjective(problem, roster, p), changes: personChanges(problem, roster, p), worked: cost.worked, weekendsWorked: cost.weekendsWorked };
          const widths = [1, 1 + random.int(7), days];
          const width = widths[random.int(widths.length)]!;
          const lo = width === days ? 0 : random.int(days - width + 1);
          const hi = lo + width - 1;
          const beforeShift = roster.shift.slice(p * days + lo, p * days + hi + 1);
          const beforeSkill = roster.skill.slice(p * days + lo, p * days + hi + 1);
          for (let d = lo; d <= hi; d++) {
            if (d !== lo && d !== hi && random.int(2) === 0) continue;
            // Some cells go back to the reference's value: the charge falls as well as rises.
            const cell = random.int(3) === 0 ? { shift: problem.reference!.roster.shift[p * days + d]!, skill: problem.reference!.roster.skill[p * days + d]! } : randomCell(problem, random);
            roster.shift[p * days + d] = cell.shift;
            roster.skill[p * days + d] = cell.skill;
          }
          cost.change(roster, p, lo, hi, beforeShift, beforeSkill, before.worked, before.weekendsWorked);
          const after = personObjective(problem, roster, p);
          expect({ p, lo, hi, hard: cost.deltaHard, soft: cost.deltaSoft }).toEqual({ p, lo, hi, hard: after.hard - before.hard, soft: after.soft - before.soft });
          if (personChanges(problem, roster, p) !== before.changes) charged++;
          compared++;
        }
      }
    }
    expect(compared).toBe(2 * 30 * 40);
    expect(charged).toBeGreaterThan(500);
  });

  it('keeps the search state equal to objective() through thousands of moves, days before `from` never moved', () => {
    const random = seededRandom(503);
    let checked = 0;
    for (const base of [n005w4(), handMadeWard()]) {
      const start = randomRoster(base, 7);
      const problem = { ...base, reference: { roster: copyRoster(start), from: Math.floor(base.days / 3), weight: 40 } };
      const space = moveSpace(problem, undefined, 7);
      const state = new SearchState(problem, admissibleStart(space, start), 14);
      expect(state.score()).toEqual(objective(problem, state.roster));
      const kept = copyRoster(state.roster);
      for (let i = 0; i < 4_000; i++) {
        if (!Object.values(MOVES)[random.int(MOVE_NAMES.length)]!(state, space, random)) {
          state.rollback();
          continue;
        }
        state.evaluate();
        const expected = objective(problem, state.roster);
        expect({ hard: state.hard + state.deltaHard, soft: state.soft + state.deltaSoft }).toEqual(expected);
        if (random.int(2) === 0) state.commit();
        else state.rollback();
        checked++;
      }
      expect(state.score()).toEqual(objective(problem, state.roster));
      for (let p = 0; p < problem.staff.length; p++) {
        for (let d = 0; d < problem.reference.from; d++) {
          const cell = cellIndex(problem, p, d);
          expect([cell, state.roster.shift[cell], state.roster.skill[cell]]).toEqual([cell, kept.shift[cell], kept.skill[cell]]);
        }
      }
    }
    expect(checked).toBeGreaterThan(2_000);
  });

  it("is priced by the row search: the cheapest row is the one trying every row finds, the charge included", () => {
    const random = seededRandom(504);
    let searched = 0;
    for (const base of [n005w4(), handMadeWard()]) {
      for (let round = 0; round < 8; round++) {
        const days = 4 + random.int(2);
        const variant = shortVariant(base, days, random, true);
        // The reference works each person with their first skill, as the brute force below does.
        const reference = randomRoster(variant, 300 + round);
        for (let cell = 0; cell < reference.shift.length; cell++) {
          if (reference.shift[cell]! >= 0) reference.skill[cell] = variant.staff[Math.floor(cell / days)]!.skills[0]!;
        }
        const from = random.int(days);
        // Days before `from` are kept as the reference has them, whatever it costs: no leave there, as no row can change it.
        for (const person of variant.staff) person.leave = person.leave.map((on, d) => on && d >= from);
        const problem: RosterProblem = { ...variant, reference: { roster: reference, from, weight: 30 + random.int(40) } };
        const space = moveSpace(problem, undefined, 7);
        const rows = rowProblem(space, admissibleStart(space, reference));
        const search = new RowSearch(rows);
        const choices = rows.choices;
        for (let p = 0; p < problem.staff.length; p++) {
          const gain = Float64Array.from({ length: days * choices }, () => random.int(4) * 10 * random.next() * 3);
          const row = new Int16Array(days);
          const value = (candidate: Int16Array) => {
            const roster = copyRoster(reference);
            let gained = 0;
            for (let d = 0; d < days; d++) {
              const cell = p * days + d;
              roster.shift[cell] = candidate[d]!;
              roster.skill[cell] = candidate[d] === OFF ? OFF : problem.staff[p]!.skills[0]!;
              if (candidate[d] !== OFF) gained += gain[d * choices + candidate[d]! + 1]!;
            }
            const score = personObjective(problem, roster, p);
            return score.soft + HARD * score.hard - gained;
          };
          const best = cheapestOpenRow(rows.open, p, days, choices, value);
          const found = search.cheapest(p, gain, HARD, row);
          expect({ round, p, found }).toEqual({ round, p, found: expect.closeTo(best, 6) });
          if (found !== Number.POSITIVE_INFINITY) expect(value(row)).toBeCloseTo(found, 6);
          searched++;
        }
      }
    }
    expect(searched).toBe(8 * 5 + 8 * 8);
  });
});

describe('a repair by the solver', () => {
  /**
   * n005w4 solved, then a nurse sick for three days in the second week (its five nurses leave no room for more: even a
   * full re-solve then misses a minimum): the roster and the sick problem.
   */
  function sickWard() {
    const problem = n005w4();
    const solved = solve({ problem, initial: emptyRoster(problem) }, budget(1, 60_000));
    expect(solved.score.hard).toBe(0);
    const sick = structuredClone(problem);
    const working = (p: number, d: number) => solved.roster.shift[cellIndex(problem, p, d)] !== OFF;
    let holes = 0;
    for (let d = 8; d < 11; d++) {
      sick.staff[4]!.leave[d] = true;
      if (working(4, d)) holes++;
    }
    expect(holes).toBeGreaterThan(0);
    expect(evaluate(sick, solved.roster).score.hard).toBeGreaterThan(0);
    return { sick, roster: solved.roster };
  }

  it('fills the holes with no hard violation, changing only cells from `from` on, and fewer of them than a free re-plan of the same days', () => {
    const { sick, roster } = sickWard();
    const from = 7;
    const repair = (weight: number, seed: number) => {
      const problem: RosterProblem = { ...sick, reference: { roster: copyRoster(roster), from, weight } };
      const result = solve({ problem, initial: roster }, budget(seed, 60_000));
      expect(objective(problem, result.roster)).toEqual(result.score);
      return { result, changes: changedCells(problem, result.roster), score: evaluate(sick, result.roster).score };
    };
    for (const seed of [1, 2]) {
      const careful = repair(50, seed);
      const free = repair(0, seed);
      expect(careful.score.hard).toBe(0);
      expect(free.score.hard).toBe(0);
      expect(careful.changes.every((cell) => cell % sick.days >= from)).toBe(true);
      expect(free.changes.every((cell) => cell % sick.days >= from)).toBe(true);
      // Every cell before `from` as it was, sick cells included.
      for (let cell = 0; cell < roster.shift.length; cell++) {
        if (cell % sick.days >= from) continue;
        expect([cell, careful.result.roster.shift[cell], careful.result.roster.skill[cell]]).toEqual([cell, roster.shift[cell], roster.skill[cell]]);
      }
      expect(careful.changes.length).toBeLessThan(free.changes.length);
      expect(careful.result.score.soft).toBe(careful.score.soft + 50 * careful.changes.length);
    }
  });

  it('keeps pinned cells from `from` on as they are', () => {
    const { sick, roster } = sickWard();
    const pinned = new Uint8Array(roster.shift.length);
    const random = seededRandom(9);
    for (let i = 0; i < 20; i++) {
      const cell = cellIndex(sick, random.int(sick.staff.length), 7 + random.int(sick.days - 7));
      if (!sick.staff[Math.floor(cell / sick.days)]!.leave[cell % sick.days]) pinned[cell] = 1;
    }
    const problem: RosterProblem = { ...sick, reference: { roster: copyRoster(roster), from: 7, weight: 0 } };
    const result = solve({ problem, initial: roster, pinned }, budget(3, 30_000));
    for (let cell = 0; cell < pinned.length; cell++) {
      if (!pinned[cell]) continue;
      expect([cell, result.roster.shift[cell], result.roster.skill[cell]]).toEqual([cell, roster.shift[cell], roster.skill[cell]]);
    }
  });

  describe('of a hole that only a chain of changes fills', () => {
    let highs: Highs;
    beforeAll(async () => {
      highs = await loadHighs();
    });

    /**
     * Three charge nurses over four days, a day (D) and a night (N) shift, no day straight after a night. Needed: a
     * night on days 0 and 1, a day on day 2. Published: A on nights days 0 to 2, B on the day shift of day 2, C on leave
     * on day 2. B falls sick on day 2: only A may take its day shift, once A's night before it goes to B or C, a chain
     * of three changes whose first two fill no hole.
     */
    function chainWard(): { sick: RosterProblem; roster: Roster } {
      const days = 4;
      const problem: RosterProblem = {
        days,
        firstWeekday: 1,
        weekendDays: [6, 0],
        skills: ['charge'],
        shiftTypes: [
          { id: 1, code: 'D', minutes: 480, endsNextDay: false, minConsecutive: 1, maxConsecutive: 5, assignable: true },
          { id: 2, code: 'N', minutes: 600, endsNextDay: true, minConsecutive: 1, maxConsecutive: 5, assignable: true },
        ],
        forbiddenNext: [
          [false, false],
          [true, false],
        ],
        staff: [0, 1, 2].map((p) => ({
          id: 10 + p,
          skills: [0],
          contract: null,
          carryIn: { lastShift: null, consecutiveWorkingDays: 0, consecutiveDaysOff: 1, consecutiveSameShift: 0 },
          leave: Array.from({ length: days }, (_, d) => p === 2 && d === 2),
        })),
        minimum: [],
        optimal: [],
        preferences: [],
        weights: { ...DEFAULT_WEIGHTS },
      };
      problem.minimum = new Array<number>(days * 2).fill(0);
      for (const [d, s] of [[0, 1], [1, 1], [2, 0]] as const) problem.minimum[coverageIndex(problem, d, s, 0)] = 1;
      problem.optimal = [...problem.minimum];
      const roster = emptyRoster(problem);
      for (const [p, d, s] of [[0, 0, 1], [0, 1, 1], [0, 2, 1], [1, 2, 0]] as const) {
        roster.shift[cellIndex(problem, p, d)] = s;
        roster.skill[cellIndex(problem, p, d)] = 0;
      }
      expect(evaluate(problem, roster).score.hard).toBe(0);
      const sick = structuredClone(problem);
      sick.staff[1]!.leave[2] = true;
      return { sick, roster };
    }

    it('cannot be filled by one or two changes from `from` on', () => {
      const { sick, roster } = chainWard();
      const from = 1;
      const start = admissibleStart(moveSpace(sick, undefined, 7), roster);
      expect(evaluate(sick, start).score.hard).toBe(1);
      const options: { cell: number; shift: number }[] = [];
      for (let p = 0; p < sick.staff.length; p++) {
        for (let d = from; d < sick.days; d++) {
          const cell = cellIndex(sick, p, d);
          if (sick.staff[p]!.leave[d]) continue;
          for (const shift of [OFF, 0, 1]) if (shift !== start.shift[cell]) options.push({ cell, shift });
        }
      }
      let tried = 0;
      for (const a of options) {
        for (const b of [null, ...options]) {
          if (b !== null && b.cell === a.cell) continue;
          const changed = copyRoster(start);
          for (const { cell, shift } of b === null ? [a] : [a, b]) {
            changed.shift[cell] = shift;
            changed.skill[cell] = shift === OFF ? OFF : 0;
          }
          expect(evaluate(sick, changed).score.hard).toBeGreaterThan(0);
          tried++;
        }
      }
      expect(tried).toBeGreaterThan(100);
    });

    it('is filled by the repair, changing only cells from `from` on, at the default change weight and the largest', () => {
      const { sick, roster } = chainWard();
      const from = 1;
      for (const weight of [50, 1000]) {
        for (const seed of [1, 2]) {
          const problem: RosterProblem = { ...sick, reference: { roster: copyRoster(roster), from, weight } };
          const result = solve({ problem, initial: roster }, { ...budget(seed, 60_000), highs, plan: false });
          expect([weight, seed, evaluate(sick, result.roster).score.hard]).toEqual([weight, seed, 0]);
          expect(objective(problem, result.roster)).toEqual(result.score);
          const changes = changedCells(problem, result.roster);
          expect(changes.every((cell) => cell % sick.days >= from)).toBe(true);
          // A takes the day shift of day 2, and B or C the night before it.
          expect(result.roster.shift[cellIndex(sick, 0, 2)]).toBe(0);
          expect(result.roster.shift[cellIndex(sick, 0, 1)]).not.toBe(1);
          for (let p = 0; p < sick.staff.length; p++) {
            expect([p, result.roster.shift[cellIndex(sick, p, 0)]]).toEqual([p, roster.shift[cellIndex(sick, p, 0)]]);
          }
        }
      }
    });
  });
});
