import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Highs } from 'highs';
import { evaluate, personScore } from '../server/rota/evaluate.js';
import { OFF, cellIndex, compareScores, copyRoster, emptyRoster, type Roster, type RosterProblem, type Score } from '../server/rota/problem.js';
import { admissibleStart, constructGreedy } from '../server/rota/solver/construct.js';
import { annealShiftTypes, layShiftTypes } from '../server/rota/solver/lay-shifts.js';
import { loadHighs } from '../server/rota/solver/load-highs.js';
import { moveSpace } from '../server/rota/solver/move-space.js';
import { planCost, planWorkingDays } from '../server/rota/solver/plan-days.js';
import { seededRandom } from '../server/rota/solver/random.js';
import { walk } from '../server/rota/solver/anneal.js';
import { Incumbent } from '../server/rota/solver/search.js';
import { DEFAULT_TUNING, solve, type SharedBest, type SolveProgress } from '../server/rota/solver/solve.js';
import { idleWindowsBeforeKick, layPeople, layWindow, windowPeople, WindowKinds, windowStarts } from '../server/rota/solver/windows.js';
import { SearchState, searchStateFor } from '../server/rota/solver/state.js';
import { dayProblem, FREE, PatternSearch, patternCost, type DayProblem } from '../server/rota/solver/working-days.js';
import { daysOnly, expectPinAndLeaveKept, handMadeWard, n005w4, pinAndLeave, randomRoster, randomVariant, shortVariant } from './support/rota-problems.js';

function dayProblemOf(problem: RosterProblem, pinned?: Uint8Array, start?: Roster): DayProblem {
  const space = moveSpace(problem, pinned, 7);
  return dayProblem(space, admissibleStart(space, start ?? emptyRoster(problem)));
}

function pattern(days: number, bits: number): Uint8Array {
  return Uint8Array.from({ length: days }, (_, d) => (bits >> d) & 1);
}

describe('the working-day patterns', () => {
  it('cost what the evaluator charges for the same working days with shift types left out', () => {
    const random = seededRandom(31);
    let compared = 0;
    for (const base of [n005w4(), handMadeWard()]) {
      for (let round = 0; round < 40; round++) {
        const problem = randomVariant(base, random);
        const relaxed = daysOnly(problem);
        const dp = dayProblemOf(problem);
        for (let p = 0; p < problem.staff.length; p++) {
          const work = Uint8Array.from({ length: problem.days }, () => random.int(2));
          const roster = emptyRoster(relaxed);
          for (let d = 0; d < problem.days; d++) {
            if (!work[d]) continue;
            roster.shift[cellIndex(relaxed, p, d)] = 0;
            roster.skill[cellIndex(relaxed, p, d)] = problem.staff[p]!.skills[0] ?? 0;
          }
          const expected = personScore(relaxed, roster, p);
          expect({ p, round, cost: patternCost(dp, p, work) }).toEqual({ p, round, cost: expected.soft });
          compared++;
        }
      }
    }
    expect(compared).toBe(40 * 5 + 40 * 8);
  });

  it('are searched exactly: the cheapest pattern is the one trying every pattern finds, gains and frozen days included', () => {
    const random = seededRandom(32);
    const search = new PatternSearch();
    let searched = 0;
    for (const base of [n005w4(), handMadeWard()]) {
      for (let round = 0; round < 12; round++) {
        const days = 6 + random.int(5);
        const problem = shortVariant(base, days, random);
        const pinned = new Uint8Array(problem.staff.length * days);
        const start = randomRoster(problem, round);
        for (let cell = 0; cell < pinned.length; cell++) if (random.int(8) === 0) pinned[cell] = 1;
        const dp = dayProblemOf(problem, pinned, start);
        for (let p = 0; p < problem.staff.length; p++) {
          const gain = Float64Array.from({ length: days }, () => random.int(4) * 10 * random.next() * 3);
          let best = Number.POSITIVE_INFINITY;
          for (let bits = 0; bits < 1 << days; bits++) {
            const work = pattern(days, bits);
            let allowed = true;
            for (let d = 0; d < days; d++) {
              const fixed = dp.fixed[p * days + d]!;
              if (fixed === FREE ? work[d] === 1 && dp.skillsOf[p]!.length === 0 : (fixed === OFF) === (work[d] === 1)) allowed = false;
            }
            if (!allowed) continue;
            let value = patternCost(dp, p, work);
            for (let d = 0; d < days; d++) if (work[d]) value -= gain[d]!;
            best = Math.min(best, value);
          }
          const work = new Uint8Array(days);
          const found = search.cheapest(dp, p, gain, work);
          let value = patternCost(dp, p, work);
          for (let d = 0; d < days; d++) if (work[d]) value -= gain[d]!;
          expect({ round, p, found }).toEqual({ round, p, found: expect.closeTo(best, 6) });
          expect(value).toBeCloseTo(found, 6);
          searched++;
        }
      }
    }
    expect(searched).toBe(12 * 5 + 12 * 8);
  });
});

describe('the plan of working days', () => {
  let highs: Highs;
  beforeAll(async () => {
    highs = await loadHighs();
  });

  it('keeps frozen cells, works people only with their skills, and costs less than the greedy roster it starts from', () => {
    const problem = n005w4();
    const random = seededRandom(5);
    const pinned = new Uint8Array(problem.staff.length * problem.days);
    const initial = randomRoster(problem, 9);
    for (let cell = 0; cell < pinned.length; cell++) if (random.int(10) === 0) pinned[cell] = 1;
    for (let p = 0; p < problem.staff.length; p++) {
      for (let d = 0; d < problem.days; d++) if (!pinned[cellIndex(problem, p, d)] && random.int(12) === 0) problem.staff[p]!.leave[d] = true;
    }
    const space = moveSpace(problem, pinned, 7);
    const state = new SearchState(problem, admissibleStart(space, initial), 28);
    constructGreedy(state, space, 1000);
    const plan = planWorkingDays(space, state.roster, highs, { now: () => 0, deadline: 1, hardWeight: 1000 });

    const dp = dayProblem(space, state.roster);
    for (let p = 0; p < problem.staff.length; p++) {
      for (let d = 0; d < problem.days; d++) {
        const cell = cellIndex(problem, p, d);
        if (pinned[cell]) expect([cell, plan[cell]]).toEqual([cell, state.roster.shift[cell] === OFF ? OFF : state.roster.skill[cell]]);
        else if (problem.staff[p]!.leave[d]) expect([cell, plan[cell]]).toEqual([cell, OFF]);
        else if (plan[cell] !== OFF) expect(problem.staff[p]!.skills).toContain(plan[cell]);
      }
    }
    const greedy = state.roster.skill.map((k, cell) => (state.roster.shift[cell] === OFF ? OFF : k));
    expect(planCost(dp, plan, 1000)).toBeLessThan(planCost(dp, greedy, 1000));
  });

  it('lays shift types over the planned days without changing which days anyone works', () => {
    const problem = handMadeWard();
    const space = moveSpace(problem, undefined, 7);
    const start = admissibleStart(space, emptyRoster(problem));
    const state = new SearchState(problem, start, 28);
    constructGreedy(state, space, 1000);
    const plan = planWorkingDays(space, state.roster, highs, { now: () => 0, deadline: 1, hardWeight: 1000 });
    const laid = layShiftTypes(space, state.roster, plan, 1000);
    const layered = new SearchState(problem, laid, 28);
    annealShiftTypes(layered, space, seededRandom(3), { progress: (done) => done / 50_000, startTemperature: 10, endTemperature: 0.5, hardWeight: 1000 });
    for (const roster of [laid, layered.roster]) {
      for (let cell = 0; cell < plan.length; cell++) {
        expect([cell, roster.shift[cell] === OFF]).toEqual([cell, plan[cell] === OFF]);
        if (plan[cell] !== OFF) expect(problem.shiftTypes[roster.shift[cell]!]!.assignable).toBe(true);
      }
    }
    expect(evaluate(problem, layered.roster).score).toEqual(layered.score());
  });

  it('starts the search on n005w4 and on a hand-made ward, which then finds rosters with no hard violation, pinned cells and leave kept', () => {
    for (const problem of [n005w4(), handMadeWard()]) {
      const { initial, pinned } = pinAndLeave(problem);
      pinned[cellIndex(problem, 2, 4)] = 1;
      const result = solve({ problem, initial, pinned }, { now: () => 0, deadline: 1, seed: 4, maxMoves: 60_000, highs });
      expect(result.score.hard).toBe(0);
      expect(evaluate(problem, result.roster).score).toEqual(result.score);
      expect(result.roster.shift[cellIndex(problem, 2, 4)]).toBe(OFF);
      expectPinAndLeaveKept(problem, result.roster);
      // The budget counts the moves over the plan's shift types too; a roster without any penalty ends the search.
      expect(result.stoppedBy === 'optimal' ? result.score.soft : result.moves).toBe(result.stoppedBy === 'optimal' ? 0 : 60_000);
    }
  });

  it('offers its plan to the searches that do not plan, once, when its planning ends', () => {
    const problem = n005w4();
    const offered: Roster[] = [];
    const sharedPlan = { offer: (roster: Roster) => offered.push(copyRoster(roster)), take: () => null };
    const reports: SolveProgress[] = [];
    // The whole budget goes to the plan's shift types, and no window is re-planned after it: the answer is the better
    // of the greedy roster and the plan.
    const result = solve(
      { problem, initial: emptyRoster(problem) },
      { now: () => 0, deadline: 1, seed: 5, maxMoves: 20_000, highs, sharedPlan, tuning: { layerShare: 1, windowShare: 0 }, onImprove: (progress) => reports.push(progress) },
    );
    expect([result.stoppedBy, result.moves]).toEqual(['moves', 20_000]);
    expect(offered).toHaveLength(1);
    const plan = evaluate(problem, offered[0]!).score;
    const greedy = { hard: reports[0]!.hard, soft: reports[0]!.soft };
    expect(result.score).toEqual(compareScores(plan, greedy) < 0 ? plan : greedy);
    expect(plan).not.toEqual(greedy);
  });

  it('re-plans windows of the best roster after a move budget: never worse than the annealing left it, pinned cells and leave kept', () => {
    // n005w4: the hand-made ward's rosters reach no penalty at all within such a budget, which ends the search.
    let better = 0;
    for (const seed of [1, 2, 3, 4]) {
      const problem = n005w4();
      const { initial, pinned } = pinAndLeave(problem);
      const options = { now: () => 0, deadline: 1, seed, maxMoves: 3_000, highs };
      const annealed = solve({ problem, initial, pinned }, { ...options, tuning: { windowShare: 0 } });
      const reports: SolveProgress[] = [];
      const windowed = solve({ problem, initial, pinned }, { ...options, tuning: { windowDays: 10 }, onImprove: (progress) => reports.push(progress) });
      expect(compareScores(windowed.score, annealed.score)).toBeLessThanOrEqual(0);
      expect(evaluate(problem, windowed.roster).score).toEqual(windowed.score);
      expect(reports.at(-1)).toMatchObject(windowed.score);
      expect([windowed.stoppedBy, windowed.moves]).toEqual(['moves', 3_000]);
      expectPinAndLeaveKept(problem, windowed.roster);
      if (compareScores(windowed.score, annealed.score) < 0) better++;
    }
    expect(better).toBeGreaterThan(0);
  });

  it("re-plans windows of another search's plan of working days when it takes it, with HiGHS of its own, and plans nothing itself", () => {
    const problem = n005w4();
    const options = { now: () => 0, deadline: 1, maxMoves: 4_000, highs, plan: false };
    // Without a plan to take, HiGHS changes nothing: the same moves as a search without it.
    const alone = solve({ problem, initial: emptyRoster(problem) }, { now: () => 0, deadline: 1, seed: 3, maxMoves: 4_000 });
    const unplanned = solve({ problem, initial: emptyRoster(problem) }, { ...options, seed: 3 });
    expect([...unplanned.roster.shift]).toEqual([...alone.roster.shift]);
    expect(unplanned.score).toEqual(alone.score);
    const plan = solve({ problem, initial: emptyRoster(problem) }, { now: () => 0, deadline: 1, seed: 9, maxMoves: 20_000, highs, tuning: { windowShare: 0 } });
    let better = 0;
    for (const seed of [1, 2, 3, 4]) {
      const sharedPlan = () => {
        let takes = 0;
        return {
          offer: () => {
            throw new Error('a search that does not plan offers nothing');
          },
          take: () => (++takes === 1 ? copyRoster(plan.roster) : null),
        };
      };
      const annealed = solve({ problem, initial: emptyRoster(problem) }, { ...options, seed, sharedPlan: sharedPlan(), tuning: { windowShare: 0 } });
      const windowed = solve({ problem, initial: emptyRoster(problem) }, { ...options, seed, sharedPlan: sharedPlan(), tuning: { windowDays: 10 } });
      expect(compareScores(windowed.score, annealed.score)).toBeLessThanOrEqual(0);
      expect(evaluate(problem, windowed.roster).score).toEqual(windowed.score);
      expect(windowed.moves).toBe(4_000);
      if (compareScores(windowed.score, annealed.score) < 0) better++;
    }
    expect(better).toBeGreaterThan(0);
  });

  it("goes on from another search's plan of working days when windows follow it, even when the plan is worse than its own best", () => {
    const problem = n005w4();
    // A good plan but for one cell left off, which breaks a hard rule: worse than any roster without a hard violation.
    const good = solve({ problem, initial: emptyRoster(problem) }, { now: () => 0, deadline: 1, seed: 1, maxMoves: 1_000, highs, tuning: { windowDays: 10 } });
    const broken = copyRoster(good.roster);
    const cell = broken.shift.findIndex((shift, at) => {
      if (shift === OFF) return false;
      broken.shift[at] = OFF;
      if (evaluate(problem, broken).score.hard > 0) return true;
      broken.shift[at] = shift;
      return false;
    });
    expect(cell).toBeGreaterThanOrEqual(0);
    // One-day windows barely change a roster: what the search ends with is what its annealing started from.
    const options = { now: () => 0, deadline: 1, seed: 2, maxMoves: 8_000, highs, plan: false, tuning: { windowDays: 1 } };
    const plan = (offered: Roster | null) => {
      let takes = 0;
      return { offer: () => undefined, take: () => (++takes === 3 && offered !== null ? copyRoster(offered) : null) };
    };
    const reports: SolveProgress[] = [];
    const own = solve({ problem, initial: emptyRoster(problem) }, { ...options, sharedPlan: plan(null), onImprove: (progress) => reports.push(progress) });
    // By the time the plan comes (after two batches), the search's own best has no hard violation.
    expect(reports.filter((report) => report.moves <= 4_000).at(-1)!.hard).toBe(0);
    const taken = solve({ problem, initial: emptyRoster(problem) }, { ...options, sharedPlan: plan(broken) });
    expect(evaluate(problem, taken.roster).score).toEqual(taken.score);
    // It went on from the plan: the cell is mended and the rest kept at least as good (its own roster, windowed alike,
    // ends far worse than the plan).
    expect(compareScores(taken.score, good.score)).toBeLessThanOrEqual(0);
    expect(compareScores(taken.score, own.score)).toBeLessThan(0);
    // Without windows to follow, the same plan is left alone.
    const unwindowed = { ...options, tuning: { windowShare: 0 } };
    const left = solve({ problem, initial: emptyRoster(problem) }, { ...unwindowed, sharedPlan: plan(broken) });
    const alone = solve({ problem, initial: emptyRoster(problem) }, { ...unwindowed, sharedPlan: plan(null) });
    expect([...left.roster.shift]).toEqual([...alone.roster.shift]);
  });

  it('sweeps windows half a window apart from the last days back, each sweep shifted, begun where its part says', () => {
    const take = (starts: Generator<number>, n: number) => Array.from({ length: n }, () => starts.next().value);
    expect([...windowStarts(28, 10, true, 0)]).toEqual([18, 13, 8, 3, 0]);
    expect(take(windowStarts(28, 10, false, 0), 10)).toEqual([18, 13, 8, 3, 0, 15, 10, 5, 0, 17]);
    // Two searches begin half a sweep apart, and each still visits every window of it.
    expect([...windowStarts(28, 10, true, 0.5)]).toEqual([8, 3, 0, 18, 13]);
    expect(take(windowStarts(28, 10, false, 0.5), 7)).toEqual([8, 3, 0, 18, 13, 5, 0]);
    expect([...windowStarts(7, 14, true, 0.5)]).toEqual([0]);
  });

  it('kicks after the count of idle windows up to 28 days, in proportion to the days beyond, never for 0', () => {
    expect(idleWindowsBeforeKick(4, 7)).toBe(4);
    expect(idleWindowsBeforeKick(4, 28)).toBe(4);
    // A sweep of windows of days over 56 days has twice the windows of one over 28.
    expect(idleWindowsBeforeKick(4, 56)).toBe(8);
    expect(idleWindowsBeforeKick(4, 62)).toBe(9);
    expect(idleWindowsBeforeKick(1, 35)).toBe(1);
    expect(idleWindowsBeforeKick(0, 56)).toBe(0);
  });

  it('lays the days of a window of one roster over another, every other cell kept', () => {
    const problem = n005w4();
    const [base, window] = [randomRoster(problem, 1), randomRoster(problem, 2)];
    const laid = layWindow(base, window, problem.days, 5, 9);
    for (let cell = 0; cell < base.shift.length; cell++) {
      const from = cell % problem.days >= 5 && cell % problem.days < 14 ? window : base;
      expect([cell, laid.shift[cell], laid.skill[cell]]).toEqual([cell, from.shift[cell], from.skill[cell]]);
    }
    expect(laid.shift).not.toBe(base.shift);
  });

  it('lays the rows of a window of people of one roster over another, every other row kept', () => {
    const problem = n005w4();
    const [base, window] = [randomRoster(problem, 3), randomRoster(problem, 4)];
    const laid = layPeople(base, window, problem.days, [0, 3]);
    for (let cell = 0; cell < base.shift.length; cell++) {
      const from = [0, 3].includes(Math.floor(cell / problem.days)) ? window : base;
      expect([cell, laid.shift[cell], laid.skill[cell]]).toEqual([cell, from.shift[cell], from.skill[cell]]);
    }
    expect(laid.shift).not.toBe(base.shift);
  });

  it('draws the people of a window among those sharing a skill with the first drawn, each once, as many as asked when there are and at most half the ward', () => {
    const problem = handMadeWard();
    // Two wards in one: the first three hold the first skill alone, the others the second alone.
    problem.staff.forEach((person, p) => (person.skills = [p < 3 ? 0 : 1]));
    const space = moveSpace(problem, undefined, 7);
    const random = seededRandom(5);
    const sizes = new Set<number>();
    for (let round = 0; round < 40; round++) {
      const chosen = windowPeople(space, random, 4);
      expect(new Set(chosen).size).toBe(chosen.length);
      expect(chosen).toEqual([...chosen].sort((a, b) => a - b));
      const group = chosen[0]! < 3;
      expect(chosen.every((p) => p < 3 === group)).toBe(true);
      expect(chosen.length).toBe(group ? 3 : 4);
      sizes.add(chosen.length);
    }
    expect([...sizes].sort()).toEqual([3, 4]);
    expect(windowPeople(space, random, 1)).toHaveLength(1);
    // Everyone shares a skill: half the ward, rounded up, however many are asked.
    problem.staff.forEach((person) => (person.skills = [1]));
    expect(windowPeople(moveSpace(problem, undefined, 7), random, 8)).toHaveLength(4);
    expect(windowPeople(moveSpace(problem, undefined, 7), random, 3)).toHaveLength(3);
  });

  it('gives each kind of window the share of the time its last windows gained per millisecond, at least the floor each, the prior share before both are tried and when neither gains', () => {
    const tuning = { peopleWindowShare: 0.5, windowKindFloor: 0.15, windowMemory: 4 };
    /** Runs `count` windows, each kind gaining what `gains` says and taking what `costs` says; the people's share of the time, and the kinds in order. */
    const run = (kinds: WindowKinds, count: number, gains: (ofPeople: boolean, at: number) => number, costs = (ofPeople: boolean) => (ofPeople ? 1 : 3)) => {
      const order: boolean[] = [];
      const spent = { days: 0, people: 0 };
      for (let at = 0; at < count; at++) {
        const ofPeople = kinds.nextOfPeople();
        order.push(ofPeople);
        const cost = costs(ofPeople);
        spent[ofPeople ? 'people' : 'days'] += cost;
        kinds.record(ofPeople, gains(ofPeople, at), cost);
      }
      return { share: spent.people / (spent.people + spent.days), order };
    };
    // A window of days first, then the prior share until both have been tried.
    const fresh = new WindowKinds(tuning);
    expect(fresh.peopleShare()).toBe(0.5);
    expect(fresh.nextOfPeople()).toBe(false);
    fresh.record(false, 100, 3);
    expect(fresh.peopleShare()).toBe(0.5);
    expect(fresh.nextOfPeople()).toBe(true);
    // Only windows of days gain: windows of people keep the floor.
    const days = run(new WindowKinds(tuning), 400, (ofPeople) => (ofPeople ? 0 : 30));
    expect(days.share).toBeGreaterThan(0.13);
    expect(days.share).toBeLessThan(0.17);
    // Only windows of people gain: windows of days keep the floor.
    const people = run(new WindowKinds(tuning), 400, (ofPeople) => (ofPeople ? 10 : 0));
    expect(people.share).toBeGreaterThan(0.83);
    expect(people.share).toBeLessThan(0.87);
    // Both gain the same per millisecond: even shares.
    const even = run(new WindowKinds(tuning), 400, (ofPeople) => (ofPeople ? 10 : 30));
    expect(Math.abs(even.share - 0.5)).toBeLessThan(0.03);
    // Neither gains: the prior share.
    const neither = run(new WindowKinds({ ...tuning, peopleWindowShare: 0.25 }), 400, () => 0);
    expect(Math.abs(neither.share - 0.25)).toBeLessThan(0.03);
    // Windows of days gain first and stop: after the last windows of days remembered, windows of people take over.
    const turn = run(new WindowKinds(tuning), 400, (ofPeople, at) => (ofPeople ? 1 : at < 100 ? 30 : 0));
    const late = turn.order.slice(300).filter(Boolean).length / 100;
    expect(turn.order.slice(0, 100).filter(Boolean).length).toBeLessThan(40);
    expect(late).toBeGreaterThan(0.9);
    // A prior share of 0: no window of people, whatever they would gain.
    expect(run(new WindowKinds({ ...tuning, peopleWindowShare: 0 }), 50, () => 10).order.some(Boolean)).toBe(false);
  });

  it('re-plans windows of people beside windows of days, for their share of the windows: half the ward over every day finds what two days at a time do not', () => {
    const problem = n005w4();
    const { initial, pinned } = pinAndLeave(problem);
    const options = { now: () => 0, deadline: 1, seed: 1, maxMoves: 1_000, highs };
    const days = solve({ problem, initial, pinned }, { ...options, tuning: { windowDays: 2, peopleWindowShare: 0 } });
    const people = solve({ problem, initial, pinned }, { ...options, tuning: { windowDays: 2, peopleWindowShare: 0.5, windowPeople: problem.staff.length } });
    expect(compareScores(people.score, days.score)).toBeLessThan(0);
    expect(evaluate(problem, people.roster).score).toEqual(people.score);
    expectPinAndLeaveKept(problem, people.roster);
  });

  it("takes the searches' shared best between windows when it beats its own, and offers its own best when that is better", () => {
    const problem = n005w4();
    const { initial, pinned } = pinAndLeave(problem);
    // Windows of 10 days find a roster that windows of 5 do not.
    const good = solve({ problem, initial, pinned }, { now: () => 0, deadline: 1, seed: 1, maxMoves: 1_000, highs, tuning: { windowDays: 10, peopleWindowShare: 0 } });
    const options = { now: () => 0, deadline: 1, maxMoves: 1_000, highs, tuning: { windowDays: 5, peopleWindowShare: 0 } };
    const poor = solve({ problem, initial, pinned }, { ...options, seed: 1 });
    expect(compareScores(good.score, poor.score)).toBeLessThan(0);
    /** A shared best that starts with `held`, and what was offered to it. */
    const sharedBest = (held: { roster: Roster; score: Score } | null) => {
      const offers: Score[] = [];
      const shared: SharedBest = {
        offer(roster, score) {
          expect(evaluate(problem, roster).score).toEqual(score);
          offers.push(score);
          if (held === null || compareScores(score, held.score) < 0) held = { roster: copyRoster(roster), score };
        },
        takeIfBetter: (score) => (held !== null && compareScores(held.score, score) < 0 ? { roster: copyRoster(held.roster), score: held.score } : null),
      };
      return { shared, offers };
    };
    // A better roster there is taken after the first window, and is what the search answers at least.
    const better = sharedBest({ roster: good.roster, score: good.score });
    const reports: SolveProgress[] = [];
    const taken = solve({ problem, initial, pinned }, { ...options, seed: 1, sharedBest: better.shared, onImprove: (progress) => reports.push(progress) });
    expect(compareScores(taken.score, good.score)).toBeLessThanOrEqual(0);
    expect(evaluate(problem, taken.roster).score).toEqual(taken.score);
    expect(reports.at(-1)).toMatchObject(taken.score);
    expect(better.offers.length).toBeGreaterThan(0);
    // With nothing better there, the search runs as alone and offers its best after each window.
    const empty = sharedBest(null);
    const alone = solve({ problem, initial, pinned }, { ...options, seed: 1, sharedBest: empty.shared });
    expect([...alone.roster.shift]).toEqual([...poor.roster.shift]);
    expect(empty.offers.length).toBeGreaterThan(1);
    expect(empty.offers.at(-1)).toEqual(poor.score);
    for (let i = 1; i < empty.offers.length; i++) expect(compareScores(empty.offers[i]!, empty.offers[i - 1]!)).toBeLessThanOrEqual(0);
  });

  it('walks at one temperature: never to a costlier roster near 0, away from it when warm, the incumbent keeping the best it passes', () => {
    const problem = n005w4();
    const { initial, pinned } = pinAndLeave(problem);
    const start = solve({ problem, initial, pinned }, { now: () => 0, deadline: 1, seed: 3, maxMoves: 2_000 });
    for (const [temperature, seed] of [[1e-9, 1], [1e-9, 2], [50, 1], [50, 2]] as const) {
      const space = moveSpace(problem, pinned, DEFAULT_TUNING.maxBlock);
      const state = searchStateFor(space, copyRoster(start.roster));
      const search = { problem, space, tuning: DEFAULT_TUNING, options: { now: () => 0, deadline: 1, seed }, random: seededRandom(seed), start: 0, moves: 7 } as const;
      const incumbent = new Incumbent(state, search.options, 0);
      const improved = walk({ ...search, incumbent }, state, temperature, 3_000);
      const walked = evaluate(problem, state.roster).score;
      expect(state.score()).toEqual(walked);
      expectPinAndLeaveKept(problem, state.roster);
      expect(evaluate(problem, incumbent.roster).score).toEqual(incumbent.score);
      expect(compareScores(incumbent.score, walked)).toBeLessThanOrEqual(0);
      expect(compareScores(incumbent.score, start.score)).toBeLessThanOrEqual(0);
      expect(improved).toBe(compareScores(incumbent.score, start.score) < 0);
      if (temperature < 1) expect(compareScores(walked, start.score)).toBeLessThanOrEqual(0);
      else expect(compareScores(walked, start.score)).toBeGreaterThan(0);
    }
  });

  it('kicks the windows off a roster they no longer better, on a clock: a walk from the best after that many idle windows, the best kept', () => {
    const problem = n005w4();
    const { initial, pinned } = pinAndLeave(problem);
    /** A solve on a clock that moves a millisecond each time it is read, so that it replays. */
    const run = (kickAfterWindows: number) => {
      let clock = 0;
      const reports: SolveProgress[] = [];
      const result = solve(
        { problem, initial, pinned },
        { now: () => clock++, deadline: 1_500, seed: 5, highs, tuning: { kickAfterWindows, windowDays: 7 }, onImprove: (progress) => reports.push(progress) },
      );
      return { result, reports };
    };
    const plain = run(0);
    const kicked = run(2);
    const kickMoves = DEFAULT_TUNING.kickMovesPerCell * problem.staff.length * problem.days;
    // The annealing before the windows is the same; each kick adds its walk's moves (the last may be cut at the deadline).
    const extra = kicked.result.moves - plain.result.moves;
    expect(extra).toBeGreaterThanOrEqual(kickMoves);
    expect((extra % kickMoves) % DEFAULT_TUNING.movesPerBatch).toBe(0);
    for (const { result, reports } of [plain, kicked]) {
      expect(result.stoppedBy).toBe('deadline');
      expect(evaluate(problem, result.roster).score).toEqual(result.score);
      expect(reports.at(-1)).toMatchObject(result.score);
      for (let i = 1; i < reports.length; i++) expect(compareScores(reports[i]!, reports[i - 1]!)).toBeLessThan(0);
      expectPinAndLeaveKept(problem, result.roster);
    }
    expect(run(2).result.roster.shift).toEqual(kicked.result.roster.shift);
  });

  it('makes exactly the moves of its budget, the moves over the planned shift types included', () => {
    const problem = n005w4();
    for (const maxMoves of [12_345, 999]) {
      const result = solve({ problem, initial: emptyRoster(problem) }, { now: () => 0, deadline: 1, seed: 2, maxMoves, highs });
      expect([maxMoves, result.stoppedBy, result.moves]).toEqual([maxMoves, 'moves', maxMoves]);
    }
  });

  it('gives the same roster, score and reports for the same seed and move budget on every path: a plan of working days with its windows, a plan of whole rows, a plan taken from another search', async () => {
    const problem = n005w4();
    const { initial, pinned } = pinAndLeave(problem);
    const other = await loadHighs();
    // A deadline the frozen clock never reaches: near, the plan is one of working days; far, one of whole rows.
    const paths = [
      { deadline: 1, seed: 4, maxMoves: 6_000 },
      { deadline: 1e15, seed: 5, maxMoves: 6_000 },
      { deadline: 1, seed: 6, maxMoves: 6_000, plan: false },
    ];
    const plan = solve({ problem, initial, pinned }, { now: () => 0, deadline: 1, seed: 3, maxMoves: 2_000, highs }).roster;
    for (const path of paths) {
      const runs = [highs, other].map((engine) => {
        const reports: SolveProgress[] = [];
        const sharedPlan = path.plan === false ? { offer: () => {}, take: () => copyRoster(plan) } : undefined;
        const result = solve({ problem, initial, pinned }, { ...path, now: () => 0, highs: engine, sharedPlan, onImprove: (progress) => reports.push(progress) });
        return { ...result, shift: [...result.roster.shift], skill: [...result.roster.skill], reports };
      });
      expect(runs[0]!.stoppedBy).toBe('moves');
      expect(runs[0]!.reports.length).toBeGreaterThan(0);
      expect(runs[1]!.score).toEqual(runs[0]!.score);
      expect(runs[1]!.moves).toBe(runs[0]!.moves);
      expect(runs[1]!.shift).toEqual(runs[0]!.shift);
      expect(runs[1]!.skill).toEqual(runs[0]!.skill);
      expect(runs[1]!.reports).toEqual(runs[0]!.reports);
    }
  });
});
