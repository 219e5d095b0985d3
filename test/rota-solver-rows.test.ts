import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Highs } from 'highs';
import { evaluate, objective, personObjective } from '../server/rota/evaluate.js';
import { OFF, cellIndex, compareScores, emptyRoster, type Roster, type RosterProblem } from '../server/rota/problem.js';
import { admissibleStart, constructGreedy } from '../server/rota/solver/construct.js';
import { loadHighs } from '../server/rota/solver/load-highs.js';
import { moveSpace, type MoveSpace } from '../server/rota/solver/move-space.js';
import { seededRandom } from '../server/rota/solver/random.js';
import { peopleColumnSource, planPeople, planRosters, planWindow, rowColumns, rowProblem, RowSearch } from '../server/rota/solver/plan-rows.js';
import { solve } from '../server/rota/solver/solve.js';
import { SearchState } from '../server/rota/solver/state.js';
import { cheapestOpenRow, expectPinAndLeaveKept, handMadeWard, n005w4, pinAndLeave, randomRoster, randomVariant, rowValue, shortVariant } from './support/rota-problems.js';

const HARD = 1000;

describe('the rows of one person', () => {
  it('are searched exactly: the cheapest row is the one trying every row finds, with gains and frozen cells', () => {
    const random = seededRandom(41);
    let searched = 0;
    for (const base of [n005w4(), handMadeWard()]) {
      for (let round = 0; round < 10; round++) {
        const days = 4 + random.int(3);
        const problem = shortVariant(base, days, random, true);
        const pinned = new Uint8Array(problem.staff.length * days);
        const start: Roster = randomRoster(problem, round);
        // Pinned cells on leave that work are a hard violation of their own, which no row changes: not pinned here.
        for (let cell = 0; cell < pinned.length; cell++) if (random.int(8) === 0 && !problem.staff[Math.floor(cell / days)]!.leave[cell % days]) pinned[cell] = 1;
        const space = moveSpace(problem, pinned, 7);
        const admitted = admissibleStart(space, start);
        const rows = rowProblem(space, admitted);
        const search = new RowSearch(rows);
        const choices = rows.choices;
        for (let p = 0; p < problem.staff.length; p++) {
          const gain = Float64Array.from({ length: days * choices }, () => random.int(4) * 10 * random.next() * 3);
          const best = cheapestOpenRow(rows.open, p, days, choices, (row) => rowValue(problem, p, row, gain, choices, HARD));
          const row = new Int16Array(days);
          const found = search.cheapest(p, gain, HARD, row);
          expect({ round, p, found }).toEqual({ round, p, found: expect.closeTo(best, 6) });
          if (found !== Number.POSITIVE_INFINITY) expect(rowValue(problem, p, row, gain, choices, HARD)).toBeCloseTo(found, 6);
          searched++;
        }
      }
    }
    expect(searched).toBe(10 * 5 + 10 * 8);
  });
});

describe('the row search given a ceiling', () => {
  it('finds the same row over four weeks of INRC-II contracts when told what some row costs: its own value, or any open row’s', () => {
    const problem = n005w4();
    const random = seededRandom(77);
    const space = moveSpace(problem, undefined, 7);
    const rows = rowProblem(space, admissibleStart(space, emptyRoster(problem)));
    const search = new RowSearch(rows);
    const { choices } = rows;
    const days = problem.days;
    let checked = 0;
    for (let round = 0; round < 20; round++) {
      for (let p = 0; p < problem.staff.length; p++) {
        // Gains around what coverage pays, so that rows of every length compete.
        const gain = Float64Array.from({ length: days * choices }, () => random.int(3) * 25 * random.next());
        const row = new Int16Array(days);
        const found = search.cheapest(p, gain, HARD, row);
        const other = Int16Array.from({ length: days }, () => random.int(choices) - 1);
        for (const ceiling of [found, rowValue(problem, p, other, gain, choices, HARD), found + 1e-9]) {
          const pruned = new Int16Array(days);
          expect({ round, p, ceiling, found: search.cheapest(p, gain, HARD, pruned, ceiling) }).toEqual({ round, p, ceiling, found });
          expect(pruned).toEqual(row);
          checked++;
        }
      }
    }
    expect(checked).toBe(20 * problem.staff.length * 3);
  });
});

describe('the plan of whole rows', () => {
  let highs: Highs;
  beforeAll(async () => {
    highs = await loadHighs();
  });

  it('keeps pinned cells and leave, works people only with their skills, and scores better than the greedy roster it starts from', () => {
    for (const [index, problem] of [n005w4(), handMadeWard()].entries()) {
      const random = seededRandom(50 + index);
      const pinned = new Uint8Array(problem.staff.length * problem.days);
      const initial = randomRoster(problem, 11);
      for (let cell = 0; cell < pinned.length; cell++) if (random.int(12) === 0) pinned[cell] = 1;
      for (let p = 0; p < problem.staff.length; p++) {
        for (let d = 0; d < problem.days; d++) if (!pinned[cellIndex(problem, p, d)] && random.int(12) === 0) problem.staff[p]!.leave[d] = true;
      }
      const space = moveSpace(problem, pinned, 7);
      const state = new SearchState(problem, admissibleStart(space, initial), 28);
      constructGreedy(state, space, HARD);
      const roster = planRosters(space, state.roster, highs, { now: () => 0, deadline: 1, hardWeight: HARD });
      for (let p = 0; p < problem.staff.length; p++) {
        for (let d = 0; d < problem.days; d++) {
          const cell = cellIndex(problem, p, d);
          const got = [cell, roster.shift[cell], roster.skill[cell]];
          if (pinned[cell]) expect(got).toEqual([cell, state.roster.shift[cell], state.roster.skill[cell]]);
          else if (problem.staff[p]!.leave[d]) expect(got).toEqual([cell, OFF, OFF]);
          else if (roster.shift[cell] !== OFF) {
            expect(problem.staff[p]!.skills).toContain(roster.skill[cell]);
            expect(problem.shiftTypes[roster.shift[cell]!]!.assignable).toBe(true);
          }
        }
      }
      expect(compareScores(evaluate(problem, roster).score, state.score())).toBeLessThan(0);
    }
  });

  /**
   * Re-plans part of a greedy roster (with random pins and leave) on n005w4 and the hand-made ward by `replan`, and
   * checks that every cell `outside` it, every pinned cell and leave are kept, that the part changed, and that the
   * roster is better than the greedy one.
   */
  function expectReplanned(seed: number, replan: (space: MoveSpace, roster: Roster) => Roster, outside: (p: number, d: number) => boolean): void {
    for (const [index, problem] of [n005w4(), handMadeWard()].entries()) {
      const random = seededRandom(seed + index);
      const pinned = new Uint8Array(problem.staff.length * problem.days);
      for (let cell = 0; cell < pinned.length; cell++) if (random.int(10) === 0) pinned[cell] = 1;
      for (let p = 0; p < problem.staff.length; p++) {
        for (let d = 0; d < problem.days; d++) if (!pinned[cellIndex(problem, p, d)] && random.int(12) === 0) problem.staff[p]!.leave[d] = true;
      }
      const space = moveSpace(problem, pinned, 7);
      const state = new SearchState(problem, admissibleStart(space, randomRoster(problem, seed - 58)), 28);
      constructGreedy(state, space, HARD);
      const roster = replan(space, state.roster);
      let changed = 0;
      for (let p = 0; p < problem.staff.length; p++) {
        for (let d = 0; d < problem.days; d++) {
          const cell = cellIndex(problem, p, d);
          const got = [cell, roster.shift[cell], roster.skill[cell]];
          const had = [cell, state.roster.shift[cell], state.roster.skill[cell]];
          if (pinned[cell] || outside(p, d)) expect(got).toEqual(had);
          else if (problem.staff[p]!.leave[d]) expect(got).toEqual([cell, OFF, OFF]);
          else if (roster.shift[cell] !== OFF) expect(problem.staff[p]!.skills).toContain(roster.skill[cell]);
          if (got[1] !== had[1] || got[2] !== had[2]) changed++;
        }
      }
      expect(changed).toBeGreaterThan(0);
      expect(compareScores(evaluate(problem, roster).score, state.score())).toBeLessThan(0);
    }
  }

  it('re-plans a window of days alone: every cell outside it, every pinned cell and leave kept, the window better planned than the greedy roster had it', () => {
    const [from, length] = [7, 10];
    expectReplanned(70, (space, roster) => planWindow(space, roster, from, length, highs, { now: () => 0, deadline: 1, hardWeight: HARD }), (_, d) => d < from || d >= from + length);
  });

  it('prices a few people against everyone else: their columns and the requirements left to them cost what the roster does', () => {
    const random = seededRandom(91);
    let checked = 0;
    for (const base of [n005w4(), handMadeWard()]) {
      for (let round = 0; round < 12; round++) {
        const problem = randomVariant(base, random);
        const people = problem.staff.length;
        const space = moveSpace(problem, undefined, 7);
        const roster = admissibleStart(space, randomRoster(problem, 30 + round));
        const chosen = Array.from({ length: people }, (_, p) => p).filter(() => random.int(2) === 0);
        const source = peopleColumnSource(space, roster, chosen, HARD);
        const rows = rowColumns(space, roster);
        const columns = chosen.map((p) => rows[p]!);
        let cost = 0;
        const cover = new Int32Array(source.minimum.length);
        columns.forEach((column, i) => {
          cost += source.cost(i, column);
          for (const requirement of source.covers(i, column)) cover[requirement]!++;
        });
        for (let i = 0; i < cover.length; i++) {
          cost += source.optimalWeight * Math.max(0, source.optimal[i]! - cover[i]!) + HARD * Math.max(0, source.minimum[i]! - cover[i]!);
        }
        for (let p = 0; p < people; p++) {
          if (chosen.includes(p)) continue;
          const kept = personObjective(problem, roster, p);
          cost += kept.soft + HARD * kept.hard;
        }
        const whole = objective(problem, roster);
        expect({ round, cost }).toEqual({ round, cost: whole.soft + HARD * whole.hard });
        checked++;
      }
    }
    expect(checked).toBe(24);
  });

  it('re-plans a few people alone over every day: every other row, every pinned cell and leave kept, the roster better than the greedy one', () => {
    const chosen = [1, 3];
    expectReplanned(80, (space, roster) => planPeople(space, roster, chosen, highs, { now: () => 0, deadline: 1, hardWeight: HARD }), (p) => !chosen.includes(p));
  });

  it('starts the search when time allows, which then finds rosters with no hard violation on n005w4 and a hand-made ward', () => {
    let plansBetter = 0;
    for (const problem of [n005w4(), handMadeWard()]) {
      const { initial, pinned } = pinAndLeave(problem);
      const space = moveSpace(problem, pinned, 7);
      const state = new SearchState(problem, admissibleStart(space, initial), 28);
      constructGreedy(state, space, HARD);
      const plan = evaluate(problem, planRosters(space, state.roster, highs, { now: () => 0, deadline: 1, hardWeight: HARD })).score;
      // No moves for the annealing: the roster is the plan's, unless the greedy one is better.
      const result = solve({ problem, initial, pinned }, { now: () => 0, deadline: 1, seed: 4, maxMoves: 0, highs, tuning: { rowPlanMsPerCell: 0, windowShare: 0 } });
      const planned = compareScores(plan, state.score()) < 0 ? plan : state.score();
      expect(result.score).toEqual(planned);
      if (compareScores(plan, state.score()) < 0) plansBetter++;
      const searched = solve({ problem, initial, pinned }, { now: () => 0, deadline: 1, seed: 4, maxMoves: 30_000, highs, tuning: { rowPlanMsPerCell: 0 } });
      expect(searched.score.hard).toBe(0);
      expect(compareScores(searched.score, planned)).toBeLessThanOrEqual(0);
      expect(evaluate(problem, searched.roster).score).toEqual(searched.score);
      expectPinAndLeaveKept(problem, searched.roster);
    }
    // On the hand-made ward the plan is better than the greedy roster (it has no penalty at all).
    expect(plansBetter).toBeGreaterThan(0);
  });

  it('re-plans windows after a plan of whole rows as after one of working days: never worse than the annealing alone, pinned cells and leave kept', () => {
    let better = 0;
    for (const seed of [1, 2, 3, 4]) {
      const problem = n005w4();
      const { initial, pinned } = pinAndLeave(problem);
      const options = { now: () => 0, deadline: 1, seed, maxMoves: 2_000, highs };
      const annealed = solve({ problem, initial, pinned }, { ...options, tuning: { rowPlanMsPerCell: 0, windowShare: 0 } });
      const windowed = solve({ problem, initial, pinned }, { ...options, tuning: { rowPlanMsPerCell: 0, windowDays: 10 } });
      expect(compareScores(windowed.score, annealed.score)).toBeLessThanOrEqual(0);
      expect(evaluate(problem, windowed.roster).score).toEqual(windowed.score);
      expect([windowed.stoppedBy, windowed.moves]).toEqual(['moves', 2_000]);
      expectPinAndLeaveKept(problem, windowed.roster);
      if (compareScores(windowed.score, annealed.score) < 0) better++;
    }
    expect(better).toBeGreaterThan(0);
  });
});
