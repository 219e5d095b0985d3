import { describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { evaluate } from '../server/rota/evaluate.js';
import { readInrc2Instance } from '../server/rota/inrc2/index.js';
import { emptyRoster, type Roster, type RosterProblem } from '../server/rota/problem.js';
import { moveSpace } from '../server/rota/solver/moves.js';
import { seededRandom } from '../server/rota/solver/random.js';
import { RowOptimizer } from '../server/rota/solver/row.js';
import { solve } from '../server/rota/solver/solve.js';
import { SearchState } from '../server/rota/solver/state.js';

const N005W4 = fileURLToPath(new URL('./fixtures/inrc2/n005w4', import.meta.url));
const HARD_WEIGHT = 1000;

/** A roster with every cell random: work (any shift type, any skill, even one the person lacks) or off. */
function randomRoster(problem: RosterProblem, seed: number): Roster {
  const random = seededRandom(seed);
  const roster = emptyRoster(problem);
  for (let cell = 0; cell < roster.shift.length; cell++) {
    if (random.int(2) === 0) continue;
    roster.shift[cell] = random.int(problem.shiftTypes.length);
    roster.skill[cell] = random.int(problem.skills.length);
  }
  return roster;
}

/** n005w4 with its three histories (carry-ins), some leave, a preference on a day of leave, and random pins. */
function instances(): { problem: RosterProblem; pinned: Uint8Array }[] {
  return ['n005w4_0_1-2-3-3', 'n005w4_1_5-3-1-0', 'n005w4_2_6-7-8-9'].map((name, i) => {
    const problem = readInrc2Instance(N005W4, name).problem;
    problem.staff[i]!.leave = problem.staff[i]!.leave.map((_, d) => d >= 3 + i && d <= 6 + i);
    const random = seededRandom(50 + i);
    const pinned = Uint8Array.from({ length: problem.staff.length * problem.days }, () => (random.int(6) === 0 ? 1 : 0));
    return { problem, pinned };
  });
}

function weighted(state: SearchState): number {
  return state.hard * HARD_WEIGHT + state.soft;
}

describe('the row re-optimisation', () => {
  it('finds a row never worse than the current one, which scores exactly what the shortest path claims', () => {
    let improved = 0;
    for (const [i, { problem, pinned }] of instances().entries()) {
      for (const seed of [i + 1]) {
        const space = moveSpace(problem, pinned, 7);
        const state = new SearchState(problem, randomRoster(problem, 10 * i + seed), problem.days);
        const row = RowOptimizer.for(problem, space, HARD_WEIGHT)!;
        for (let p = 0; p < problem.staff.length; p++) {
          if (!row.movable(p)) continue;
          // The current row's cost is its person terms plus the coverage it adds: unchanged row, unchanged score.
          const before = weighted(state);
          const pinnedBefore = Array.from({ length: problem.days }, (_, d) => state.roster.shift[p * problem.days + d]);
          row.optimise(state, p);
          expect(row.best).toBeLessThanOrEqual(row.current);
          for (let d = 0; d < problem.days; d++) state.set(p, d, row.shift[d]!, row.skill[d]!);
          state.evaluate();
          expect(state.deltaHard * HARD_WEIGHT + state.deltaSoft).toBe(row.best - row.current);
          state.commit();
          expect(weighted(state)).toBe(before + row.best - row.current);
          if (row.best < row.current) improved++;
          for (let d = 0; d < problem.days; d++) {
            const cell = p * problem.days + d;
            if (space.frozen[cell]) expect(state.roster.shift[cell]).toBe(pinnedBefore[d]);
          }
        }
        expect(evaluate(problem, state.roster).score).toEqual(state.score());
      }
    }
    expect(improved).toBeGreaterThan(0);
  });

  it('is optimal: no single-cell change of the returned row lowers the cost', () => {
    const { problem, pinned } = instances()[1]!;
    const space = moveSpace(problem, pinned, 7);
    const state = new SearchState(problem, randomRoster(problem, 3), problem.days);
    const row = RowOptimizer.for(problem, space, HARD_WEIGHT)!;
    for (let p = 0; p < 2; p++) {
      row.optimise(state, p);
      for (let d = 0; d < problem.days; d++) state.set(p, d, row.shift[d]!, row.skill[d]!);
      state.evaluate();
      state.commit();
      for (let d = 0; d < problem.days; d++) {
        if (space.frozen[p * problem.days + d]) continue;
        for (const s of [-1, ...space.assignable]) {
          for (const k of s < 0 ? [-1] : problem.staff[p]!.skills) {
            state.set(p, d, s, k);
            state.evaluate();
            expect(state.deltaHard * HARD_WEIGHT + state.deltaSoft).toBeGreaterThanOrEqual(0);
            state.rollback();
          }
        }
      }
    }
  });

  it('polishes the best roster until no row improves, scored as the evaluator scores it (leave included)', () => {
    const { problem } = instances()[2]!;
    const result = solve({ problem, initial: emptyRoster(problem) }, { now: () => 0, deadline: 1, seed: 3, maxMoves: 20_000, tuning: { rowPolish: 0.5 } });
    expect(evaluate(problem, result.roster).score).toEqual(result.score);
    const space = moveSpace(problem, undefined, 7);
    const state = new SearchState(problem, result.roster, problem.days);
    const row = RowOptimizer.for(problem, space, HARD_WEIGHT)!;
    for (let p = 0; p < problem.staff.length; p++) {
      row.optimise(state, p);
      expect(row.best).toBe(row.current);
    }
  });
});
