import { describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { evaluate, personScore } from '../server/rota/evaluate.js';
import { readInrc2Instance } from '../server/rota/inrc2/index.js';
import {
  DEFAULT_WEIGHTS,
  OFF,
  cellIndex,
  compareScores,
  copyRoster,
  coverageIndex,
  emptyRoster,
  type Roster,
  type RosterProblem,
} from '../server/rota/problem.js';
import { admissibleStart, constructGreedy } from '../server/rota/solver/construct.js';
import { moveSpace } from '../server/rota/solver/move-space.js';
import { MOVES, retypeRun, shiftRun } from '../server/rota/solver/moves.js';
import { MOVE_NAMES } from '../server/rota/solver/tuning.js';
import { PersonCost } from '../server/rota/solver/person-cost.js';
import { seededRandom } from '../server/rota/solver/random.js';
import { DEFAULT_TUNING, solve, type SolveOptions, type SolveProgress } from '../server/rota/solver/solve.js';
import { SearchState } from '../server/rota/solver/state.js';
import { handMadeWard, n005w4, randomRoster, randomVariant } from './support/rota-problems.js';

/** A clock that only moves when told: no test depends on how fast the machine is. */
function frozenClock(): SolveOptions['now'] {
  return () => 0;
}

function budget(seed: number, maxMoves: number, extra: Partial<SolveOptions> = {}): SolveOptions {
  return { now: frozenClock(), deadline: 1, seed, maxMoves, ...extra };
}

/** A day drawn so that the first and the last day come up often. */
function randomDay(problem: RosterProblem, random: ReturnType<typeof seededRandom>): number {
  const pick = random.int(6);
  return pick === 0 ? 0 : pick === 1 ? problem.days - 1 : random.int(problem.days);
}

/** A random cell value: off, or any shift type (inactive ones included) with any skill. */
function randomCell(problem: RosterProblem, random: ReturnType<typeof seededRandom>): { shift: number; skill: number } {
  if (random.int(3) === 0) return { shift: OFF, skill: OFF };
  return { shift: random.int(problem.shiftTypes.length), skill: random.int(problem.skills.length) };
}

describe('the solver', () => {
  it('finds a roster with no hard violation on n005w4, scored as the evaluator scores it', () => {
    const problem = n005w4();
    const result = solve({ problem, initial: emptyRoster(problem) }, budget(1, 50_000));
    expect(result.score.hard).toBe(0);
    expect(evaluate(problem, result.roster).score).toEqual(result.score);
    expect(result.firstFeasibleMs).not.toBeNull();
  });

  it('finds a roster with no hard violation on a hand-made ward, assigning no inactive shift type', () => {
    const problem = handMadeWard();
    const initial = emptyRoster(problem);
    // An inactive shift type left in an unpinned cell is cleared, not kept.
    initial.shift[cellIndex(problem, 6, 2)] = 2;
    initial.skill[cellIndex(problem, 6, 2)] = 1;
    const result = solve({ problem, initial }, budget(7, 50_000));
    expect(evaluate(problem, result.roster).score).toEqual(result.score);
    expect(result.score.hard).toBe(0);
    expect([...result.roster.shift].filter((shift) => shift === 2)).toEqual([]);
    for (let p = 0; p < problem.staff.length; p++) {
      for (let d = 0; d < problem.days; d++) {
        const cell = cellIndex(problem, p, d);
        if (result.roster.shift[cell] === OFF) expect(result.roster.skill[cell]).toBe(OFF);
        else expect(problem.staff[p]!.skills).toContain(result.roster.skill[cell]);
      }
    }
  });

  it('never changes a pinned cell and never assigns inside approved leave', () => {
    const problem = n005w4();
    const random = seededRandom(42);
    const initial = randomRoster(problem, 5);
    const pinned = new Uint8Array(problem.staff.length * problem.days);
    for (let i = 0; i < 25; i++) pinned[random.int(pinned.length)] = 1;
    // Leave on days that are not pinned, including cells the initial roster works.
    for (let p = 0; p < problem.staff.length; p++) {
      for (let d = 0; d < problem.days; d++) {
        if (!pinned[cellIndex(problem, p, d)] && random.int(6) === 0) problem.staff[p]!.leave[d] = true;
      }
    }
    const leaveCells = problem.staff.flatMap((person, p) => person.leave.flatMap((on, d) => (on ? [cellIndex(problem, p, d)] : [])));
    expect(leaveCells.some((cell) => initial.shift[cell] !== OFF)).toBe(true);

    for (const seed of [1, 2, 3]) {
      const result = solve({ problem, initial, pinned }, budget(seed, 20_000));
      for (let cell = 0; cell < pinned.length; cell++) {
        if (!pinned[cell]) continue;
        expect([cell, result.roster.shift[cell], result.roster.skill[cell]]).toEqual([cell, initial.shift[cell], initial.skill[cell]]);
      }
      for (const cell of leaveCells) expect([cell, result.roster.shift[cell]]).toEqual([cell, OFF]);
      expect(evaluate(problem, result.roster).score).toEqual(result.score);
    }
  });

  it('gives the same roster for the same seed and move budget', () => {
    const problem = n005w4();
    const first = solve({ problem, initial: emptyRoster(problem) }, budget(9, 20_000));
    const second = solve({ problem, initial: emptyRoster(problem) }, budget(9, 20_000));
    expect(second.score).toEqual(first.score);
    expect(second.moves).toBe(first.moves);
    expect([...second.roster.shift]).toEqual([...first.roster.shift]);
    expect([...second.roster.skill]).toEqual([...first.roster.skill]);
  });

  it('stops when told and returns the best roster it had found', () => {
    const problem = n005w4();
    const reports: SolveProgress[] = [];
    const signal = { aborted: false };
    const result = solve(
      { problem, initial: emptyRoster(problem) },
      budget(3, 10_000_000, {
        signal,
        onImprove: (progress) => {
          reports.push(progress);
          if (reports.length === 3) signal.aborted = true;
        },
      }),
    );
    expect(result.stoppedBy).toBe('aborted');
    expect(result.moves).toBeLessThan(10_000_000);
    expect(reports).toHaveLength(3);
    const last = reports[reports.length - 1]!;
    expect(result.score).toEqual({ hard: last.hard, soft: last.soft });
    expect(evaluate(problem, result.roster).score).toEqual(result.score);
    // Each report is better than the one before it.
    for (let i = 1; i < reports.length; i++) {
      const [before, after] = [reports[i - 1]!, reports[i]!];
      expect(after.hard < before.hard || (after.hard === before.hard && after.soft < before.soft)).toBe(true);
    }
  });

  it("goes on from another search's plan when it comes and beats its own best, on the planner's cooler schedule", () => {
    const problem = n005w4();
    const good = solve({ problem, initial: emptyRoster(problem) }, budget(1, 200_000));
    const alone = solve({ problem, initial: emptyRoster(problem) }, budget(2, 6_000));
    // Two batches of its own do not reach the plan: taking it is what gets there.
    expect(compareScores(alone.score, good.score)).toBeGreaterThan(0);
    let takes = 0;
    const reports: SolveProgress[] = [];
    const result = solve(
      { problem, initial: emptyRoster(problem) },
      budget(2, 6_000, {
        sharedPlan: {
          offer: () => {
            throw new Error('a search without a plan offers none');
          },
          take: () => (++takes > 2 ? copyRoster(good.roster) : null),
        },
        onImprove: (progress) => reports.push(progress),
      }),
    );
    // Asked before each batch until the plan came (after two batches of 2,000 moves), then never again.
    expect(takes).toBe(3);
    expect(reports.find((report) => compareScores(report, good.score) === 0)?.moves).toBe(4_000);
    expect(compareScores(result.score, good.score)).toBeLessThanOrEqual(0);
    expect(evaluate(problem, result.roster).score).toEqual(result.score);
    expect(result.moves).toBe(6_000);
  });

  it('keeps to its own search when the plan that comes is worse than its best', () => {
    const problem = n005w4();
    const alone = solve({ problem, initial: emptyRoster(problem) }, budget(3, 20_000));
    let takes = 0;
    const worse = emptyRoster(problem);
    const result = solve(
      { problem, initial: emptyRoster(problem) },
      budget(3, 20_000, { sharedPlan: { offer: () => undefined, take: () => (++takes === 1 ? worse : null) } }),
    );
    expect(takes).toBe(1);
    expect(result.score).toEqual(alone.score);
    expect([...result.roster.shift]).toEqual([...alone.roster.shift]);
    expect([...result.roster.skill]).toEqual([...alone.roster.skill]);
  });

  it('weighs every move it draws from by name, each with a weight above zero', () => {
    expect(Object.keys(DEFAULT_TUNING.mix).sort()).toEqual(Object.keys(MOVES).sort());
    expect(Object.keys(MOVES)).toEqual([...MOVE_NAMES]);
    expect(Object.values(DEFAULT_TUNING.mix).every((weight) => weight > 0)).toBe(true);
  });

  it('refuses a move mix that names no move, and keeps the default weights of the moves an override leaves out', () => {
    const problem = n005w4();
    expect(() => solve({ problem, initial: emptyRoster(problem) }, budget(1, 100, { tuning: { mix: { swap: 1 } as never } }))).toThrow(/names no move swap/);
    // Weighing one move as it already weighs changes nothing; weighing it 0 changes the search.
    const plain = solve({ problem, initial: emptyRoster(problem) }, budget(2, 5_000));
    const same = solve({ problem, initial: emptyRoster(problem) }, budget(2, 5_000, { tuning: { mix: { swapDay: DEFAULT_TUNING.mix.swapDay } } }));
    const without = solve({ problem, initial: emptyRoster(problem) }, budget(2, 5_000, { tuning: { mix: { swapDay: 0 } } }));
    expect([...same.roster.shift]).toEqual([...plain.roster.shift]);
    expect([...without.roster.shift]).not.toEqual([...plain.roster.shift]);
  });

  it('refuses a share of windows of people of 1 or more, a window of no people, a guided draw with a floor outside 0 to 1, a floor above half, no memory of windows, or a kick after a negative or broken count, at no temperature or of fewer than no moves', () => {
    const problem = n005w4();
    const run = (tuning: SolveOptions['tuning']) => () => solve({ problem, initial: emptyRoster(problem) }, budget(1, 100, { tuning }));
    expect(run({ peopleWindowShare: 1 })).toThrow(/peopleWindowShare/);
    expect(run({ peopleWindowShare: -0.1 })).toThrow(/peopleWindowShare/);
    expect(run({ windowPeople: 0 })).toThrow(/windowPeople/);
    expect(run({ windowPeople: 2.5 })).toThrow(/windowPeople/);
    expect(run({ guideFloor: 1.1 })).toThrow(/guideFloor/);
    expect(run({ guideFloor: -0.1 })).toThrow(/guideFloor/);
    expect(run({ windowKindFloor: 0.6 })).toThrow(/windowKindFloor/);
    expect(run({ windowKindFloor: -0.1 })).toThrow(/windowKindFloor/);
    expect(run({ windowMemory: 0 })).toThrow(/windowMemory/);
    expect(run({ kickAfterWindows: -1 })).toThrow(/kickAfterWindows/);
    expect(run({ kickAfterWindows: 1.5 })).toThrow(/kickAfterWindows/);
    expect(run({ kickTemperature: 0 })).toThrow(/kickTemperature/);
    expect(run({ kickMovesPerCell: -1 })).toThrow(/kickMovesPerCell/);
    expect(run({ peopleWindowShare: 0.9, windowPeople: 1 })().score.hard).toBe(0);
  });

  it('answers a ward without staff at once', () => {
    const problem = { ...handMadeWard(), staff: [] };
    const result = solve({ problem, initial: emptyRoster(problem) }, budget(1, 1_000));
    expect(result).toMatchObject({ moves: 0, stoppedBy: 'optimal' });
    expect(result.score).toEqual(evaluate(problem, result.roster).score);
  });

  it('stops at the deadline of the clock it is given', () => {
    const problem = n005w4();
    // A clock that ticks once each time it is read: the solver reads it once per batch of moves.
    let time = 0;
    const result = solve({ problem, initial: emptyRoster(problem) }, { now: () => time++, deadline: 20, seed: 1, tuning: { movesPerBatch: 100 } });
    expect(result.stoppedBy).toBe('deadline');
    expect(result.moves).toBeGreaterThan(0);
    expect(result.moves).toBeLessThanOrEqual(2_000);
  });
});

describe('the fast person score', () => {
  it('equals personScore() on random rosters, carry-ins, contracts and preferences', () => {
    const random = seededRandom(77);
    let compared = 0;
    for (const base of [n005w4(), handMadeWard()]) {
      for (let round = 0; round < 60; round++) {
        const problem = randomVariant(base, random);
        const roster = randomRoster(problem, round);
        const fast = new PersonCost(problem);
        for (let p = 0; p < problem.staff.length; p++) {
          fast.score(roster, p);
          expect({ p, hard: fast.hard, soft: fast.soft }).toEqual({ p, ...personScore(problem, roster, p) });
          compared++;
        }
      }
    }
    expect(compared).toBe(60 * 5 + 60 * 8);
  });

  it('scores a change of some days as the difference of personScore() before and after, with the counts after it', () => {
    const random = seededRandom(78);
    const seen = { firstDay: 0, lastDay: 0, wholePeriod: 0, noChange: 0 };
    let compared = 0;
    for (const base of [n005w4(), handMadeWard()]) {
      for (let round = 0; round < 40; round++) {
        const problem = randomVariant(base, random);
        const roster = randomRoster(problem, 100 + round);
        const cost = new PersonCost(problem);
        const { days } = problem;
        for (let trial = 0; trial < 40; trial++) {
          const p = random.int(problem.staff.length);
          cost.score(roster, p);
          const before = { ...personScore(problem, roster, p), worked: cost.worked, weekendsWorked: cost.weekendsWorked };
          expect({ hard: cost.hard, soft: cost.soft }).toEqual({ hard: before.hard, soft: before.soft });
          // A window of one day, a few days or the whole period; inside it, some days change and some do not.
          const widths = [1, 1 + random.int(7), days];
          const width = widths[random.int(widths.length)]!;
          const lo = width === days ? 0 : Math.min(randomDay(problem, random), days - width);
          const hi = lo + width - 1;
          const beforeShift = roster.shift.slice(p * days + lo, p * days + hi + 1);
          const beforeSkill = roster.skill.slice(p * days + lo, p * days + hi + 1);
          for (let d = lo; d <= hi; d++) {
            if (d !== lo && d !== hi && random.int(2) === 0) continue;
            const cell = randomCell(problem, random);
            roster.shift[p * days + d] = cell.shift;
            roster.skill[p * days + d] = cell.skill;
          }
          cost.change(roster, p, lo, hi, beforeShift, beforeSkill, before.worked, before.weekendsWorked);
          const after = personScore(problem, roster, p);
          const delta = { p, lo, hi, hard: cost.deltaHard, soft: cost.deltaSoft, worked: cost.worked, weekendsWorked: cost.weekendsWorked };
          cost.score(roster, p);
          expect(delta).toEqual({ p, lo, hi, hard: after.hard - before.hard, soft: after.soft - before.soft, worked: cost.worked, weekendsWorked: cost.weekendsWorked });
          if (lo === 0) seen.firstDay++;
          if (hi === days - 1) seen.lastDay++;
          if (width === days) seen.wholePeriod++;
          if (delta.hard === 0 && delta.soft === 0) seen.noChange++;
          compared++;
        }
      }
    }
    expect(compared).toBe(2 * 40 * 40);
    for (const count of Object.values(seen)) expect(count).toBeGreaterThan(50);
  });
});

describe('the search state', () => {
  it('keeps the score equal to evaluate() through thousands of random moves, accepted or undone', () => {
    for (const problem of [n005w4(), handMadeWard()]) {
      const space = moveSpace(problem, undefined, 7);
      const state = new SearchState(problem, admissibleStart(space, randomRoster(problem, 11)), 14);
      expect(state.score()).toEqual(evaluate(problem, state.roster).score);
      const random = seededRandom(12);
      let checked = 0;
      for (let i = 0; i < 4_000; i++) {
        const before = copyRoster(state.roster);
        if (!Object.values(MOVES)[random.int(MOVE_NAMES.length)]!(state, space, random)) {
          state.rollback();
          continue;
        }
        state.evaluate();
        const expected = evaluate(problem, state.roster).score;
        const previous = state.score();
        expect({ hard: previous.hard + state.deltaHard, soft: previous.soft + state.deltaSoft }).toEqual(expected);
        if (random.int(2) === 0) {
          state.commit();
          expect(state.score()).toEqual(expected);
        } else {
          state.rollback();
          expect(state.score()).toEqual(evaluate(problem, state.roster).score);
          expect([...state.roster.shift]).toEqual([...before.shift]);
          expect([...state.roster.skill]).toEqual([...before.skill]);
        }
        checked++;
      }
      expect(checked).toBeGreaterThan(1_000);
    }
  });

  it('tells a move that puts a forbidden succession beside a changed cell, carry-in included, and such a move adds a hard violation', () => {
    const problem = n005w4();
    const forbidden = (a: number, b: number) => a >= 0 && b >= 0 && problem.forbiddenNext[a]![b] === true;
    const space = moveSpace(problem, undefined, 7);
    const state = new SearchState(problem, admissibleStart(space, emptyRoster(problem)), 28);
    constructGreedy(state, space, 1000);
    expect(state.hard).toBe(0);
    const random = seededRandom(21);
    const seen = { breaks: 0, keeps: 0 };
    for (let i = 0; i < 3_000; i++) {
      const before = copyRoster(state.roster);
      if (!Object.values(MOVES)[random.int(MOVE_NAMES.length)]!(state, space, random)) {
        state.rollback();
        continue;
      }
      let expected = false;
      for (let p = 0; p < problem.staff.length; p++) {
        for (let d = 0; d < problem.days; d++) {
          const cell = cellIndex(problem, p, d);
          if (state.roster.shift[cell] === before.shift[cell] && state.roster.skill[cell] === before.skill[cell]) continue;
          const previous = d > 0 ? state.roster.shift[cell - 1]! : (problem.staff[p]!.carryIn.lastShift ?? OFF);
          const next = d + 1 < problem.days ? state.roster.shift[cell + 1]! : OFF;
          if (forbidden(previous, state.roster.shift[cell]!) || forbidden(state.roster.shift[cell]!, next)) expected = true;
        }
      }
      expect(state.breaksSuccession()).toBe(expected);
      state.evaluate();
      if (expected) {
        seen.breaks++;
        expect(state.deltaHard).toBeGreaterThan(0);
        state.rollback();
      } else {
        seen.keeps++;
        if (state.deltaHard === 0 && random.int(2) === 0) state.commit();
        else state.rollback();
      }
    }
    expect(seen.breaks).toBeGreaterThan(100);
    expect(seen.keeps).toBeGreaterThan(100);
    expect(state.score()).toEqual(evaluate(problem, state.roster).score);
  });

  it('keeps the score equal to evaluate() through random sets and swaps of cells: carry-ins, leave, weekends, the first and last days, a cell set twice', () => {
    const random = seededRandom(31);
    let checked = 0;
    for (const base of [n005w4(), handMadeWard()]) {
      for (let round = 0; round < 25; round++) {
        const problem = randomVariant(base, random);
        const state = new SearchState(problem, randomRoster(problem, 200 + round), 32);
        for (let i = 0; i < 150; i++) {
          const before = copyRoster(state.roster);
          // Up to 16 cells of one to three people: on one or two neighbouring days (scored through the window of
          // days changed) or on any days (the whole row rescored); some cells set and set back, some swapped.
          const people = Array.from({ length: 1 + random.int(3) }, () => random.int(problem.staff.length));
          const cells = 1 + random.int(16);
          const near = random.int(2) === 0 ? Math.min(randomDay(problem, random), problem.days - 2) : -1;
          for (let c = 0; c < cells; c++) {
            const p = people[random.int(people.length)]!;
            const d = near >= 0 ? near + random.int(2) : randomDay(problem, random);
            const cell = randomCell(problem, random);
            if (random.int(4) === 0) state.swap(p, people[random.int(people.length)]!, d);
            else state.set(p, d, cell.shift, cell.skill);
            if (random.int(8) === 0) state.set(p, d, before.shift[cellIndex(problem, p, d)]!, before.skill[cellIndex(problem, p, d)]!);
          }
          state.evaluate();
          const expected = evaluate(problem, state.roster).score;
          const previous = state.score();
          expect({ hard: previous.hard + state.deltaHard, soft: previous.soft + state.deltaSoft }).toEqual(expected);
          if (random.int(3) !== 0) {
            state.commit();
            expect(state.score()).toEqual(expected);
          } else {
            state.rollback();
            expect([...state.roster.shift]).toEqual([...before.shift]);
            expect([...state.roster.skill]).toEqual([...before.skill]);
          }
          checked++;
        }
        expect(state.score()).toEqual(evaluate(problem, state.roster).score);
      }
    }
    expect(checked).toBe(2 * 25 * 150);
  });

  it('moves a working run one to three days, its shifts and skills in order, over days that were off and not frozen', () => {
    const problem = n005w4();
    const days = problem.days;
    const random = seededRandom(31);
    const pinned = new Uint8Array(problem.staff.length * days);
    for (let i = 0; i < 15; i++) pinned[random.int(pinned.length)] = 1;
    for (let p = 0; p < problem.staff.length; p++) problem.staff[p]!.leave[random.int(days)] = true;
    const space = moveSpace(problem, pinned, 7);
    const state = new SearchState(problem, admissibleStart(space, randomRoster(problem, 32)), 28);
    const shifts = { moved: 0, refused: 0 };
    const seenDeltas = new Set<number>();
    for (let i = 0; i < 6_000; i++) {
      const before = copyRoster(state.roster);
      if (!shiftRun(state, space, random)) {
        state.rollback();
        expect([...state.roster.shift]).toEqual([...before.shift]);
        shifts.refused++;
        continue;
      }
      const changed = [...state.roster.shift.keys()].filter(
        (cell) => state.roster.shift[cell] !== before.shift[cell] || state.roster.skill[cell] !== before.skill[cell],
      );
      const person = Math.floor(changed[0]! / days);
      expect(changed.every((cell) => Math.floor(cell / days) === person && !space.frozen[cell])).toBe(true);
      // Some run [first, last] of the row before reappears at [first + delta, last + delta]; its days left are off,
      // the days it reaches were off, and nothing else in the row changed.
      const row = (roster: Roster, d: number) => [roster.shift[person * days + d]!, roster.skill[person * days + d]!];
      const explained = [-3, -2, -1, 1, 2, 3].some((delta) => {
        for (let first = 0; first < days; first++) {
          let last = first;
          if (before.shift[person * days + first] === OFF || (first > 0 && before.shift[person * days + first - 1] !== OFF)) continue;
          while (last + 1 < days && before.shift[person * days + last + 1] !== OFF) last++;
          if (first + delta < 0 || last + delta >= days) continue;
          const fits = [...Array(days).keys()].every((d) => {
            const now = row(state.roster, d);
            if (d >= first + delta && d <= last + delta) return now.join() === row(before, d - delta).join() && (d >= first && d <= last ? true : before.shift[person * days + d] === OFF);
            if (d >= first && d <= last) return now[0] === OFF;
            return now.join() === row(before, d).join();
          });
          if (fits) {
            seenDeltas.add(delta);
            return true;
          }
        }
        return false;
      });
      expect(explained).toBe(true);
      state.evaluate();
      if (random.int(2) === 0) state.commit();
      else state.rollback();
      shifts.moved++;
    }
    expect(shifts.moved).toBeGreaterThan(200);
    expect(shifts.refused).toBeGreaterThan(200);
    expect([...seenDeltas].sort()).toEqual([-1, -2, -3, 1, 2, 3].sort());
    expect(state.score()).toEqual(evaluate(problem, state.roster).score);
  });

  it('gives a whole working run one assignable shift type, skills kept, frozen cells and other rows untouched', () => {
    const problem = handMadeWard();
    const days = problem.days;
    const random = seededRandom(41);
    const pinned = new Uint8Array(problem.staff.length * days);
    for (let i = 0; i < 8; i++) pinned[random.int(pinned.length)] = 1;
    const space = moveSpace(problem, pinned, 7);
    const state = new SearchState(problem, admissibleStart(space, randomRoster(problem, 42)), 14);
    const assignable = new Set(space.assignable);
    let retyped = 0;
    for (let i = 0; i < 3_000; i++) {
      const before = copyRoster(state.roster);
      if (!retypeRun(state, space, random)) {
        state.rollback();
        continue;
      }
      const changed = [...state.roster.shift.keys()].filter((cell) => state.roster.shift[cell] !== before.shift[cell]);
      const person = Math.floor(changed[0]! / days);
      const base = person * days;
      const type = state.roster.shift[changed[0]!]!;
      expect(assignable.has(type)).toBe(true);
      // The changed days lie in one run of the row before, which now works `type` on every day.
      let first = changed[0]! - base;
      let last = first;
      while (first > 0 && before.shift[base + first - 1] !== OFF) first--;
      while (last + 1 < days && before.shift[base + last + 1] !== OFF) last++;
      for (let cell = 0; cell < state.roster.shift.length; cell++) {
        const inRun = cell >= base + first && cell <= base + last;
        expect([cell, state.roster.shift[cell]]).toEqual([cell, inRun ? type : before.shift[cell]]);
        expect([cell, state.roster.skill[cell]]).toEqual([cell, before.skill[cell]]);
        if (inRun && before.shift[cell] !== type) expect(space.frozen[cell]).toBe(0);
      }
      state.evaluate();
      if (random.int(2) === 0) state.commit();
      else state.rollback();
      retyped++;
    }
    expect(retyped).toBeGreaterThan(200);
    expect(state.score()).toEqual(evaluate(problem, state.roster).score);
  });

  it('refuses a move larger than it was made for instead of losing track of the roster', () => {
    const problem = handMadeWard();
    const state = new SearchState(problem, emptyRoster(problem), 2);
    state.set(0, 0, 0, 1);
    state.set(0, 1, 0, 1);
    expect(() => state.set(0, 2, 0, 1)).toThrow(/more cells/);
    state.rollback();
    expect([...state.roster.shift].every((shift) => shift === OFF)).toBe(true);
    expect(state.score()).toEqual(evaluate(problem, state.roster).score);
  });

  it('starts from a roster scored like evaluate(), random skills and inactive shift types included', () => {
    const problem = handMadeWard();
    const roster = randomRoster(problem, 3);
    const state = new SearchState(problem, roster, 2);
    expect(state.score()).toEqual(evaluate(problem, roster).score);
    expect(state.score().hard).toBeGreaterThan(0);
  });

  it('construction reaches every minimum it can on the hand-made ward', () => {
    const problem = handMadeWard();
    const space = moveSpace(problem, undefined, 7);
    const state = new SearchState(problem, admissibleStart(space, emptyRoster(problem)), 14);
    constructGreedy(state, space, 1000);
    const evaluation = evaluate(problem, state.roster);
    expect(evaluation.score).toEqual(state.score());
    expect(evaluation.violations.filter((violation) => violation.constraint === 'coverage_minimum')).toEqual([]);
  });

  it('construction stops where it is told to: no assignment after the stop, the state scored as evaluate() scores it', () => {
    const problem = handMadeWard();
    const space = moveSpace(problem, undefined, 7);
    const assigned = (roster: Roster): number => roster.shift.filter((shift) => shift !== OFF).length;
    const whole = new SearchState(problem, admissibleStart(space, emptyRoster(problem)), 14);
    constructGreedy(whole, space, 1000);
    expect(assigned(whole.roster)).toBeGreaterThan(7);
    // Asked before every eighth assignment, and told to stop the first time: seven are made.
    const cut = new SearchState(problem, admissibleStart(space, emptyRoster(problem)), 14);
    constructGreedy(cut, space, 1000, () => true);
    expect(assigned(cut.roster)).toBe(7);
    expect(cut.score()).toEqual(evaluate(problem, cut.roster).score);
  });
});
