import { OFF, copyRoster, type Roster } from '../problem.js';
import type { MoveSpace } from './move-space.js';
import { searchStateFor, type SearchState } from './state.js';

/**
 * The first phase of a search: the initial roster made admissible (`admissibleStart`), then filled greedily, coverage
 * first (`constructGreedy`), until `stopped` says so. Returns its search state.
 */
export function construct(space: MoveSpace, initial: Roster, hardWeight: number, stopped: () => boolean = never): SearchState {
  const state = searchStateFor(space, admissibleStart(space, initial));
  constructGreedy(state, space, hardWeight, stopped);
  return state;
}

/**
 * Makes the initial roster one the solver may keep: a cell that is not pinned loses a shift inside approved
 * leave, a shift type that may not be assigned, or a skill its person lacks. Pinned cells stay as they are.
 */
export function admissibleStart(space: MoveSpace, initial: Roster): Roster {
  const roster = copyRoster(initial);
  const { problem, days } = space;
  const assignable = new Set(space.assignable);
  for (let p = 0; p < space.people; p++) {
    const person = problem.staff[p]!;
    for (let d = 0; d < days; d++) {
      const cell = p * days + d;
      const shift = roster.shift[cell]!;
      if (shift === OFF) {
        roster.skill[cell] = OFF;
        continue;
      }
      if (space.pinned[cell]) continue;
      const skill = roster.skill[cell]!;
      if (person.leave[d] || !assignable.has(shift) || skill < 0 || !space.hasSkill[p * space.skillCount + skill]) {
        roster.shift[cell] = OFF;
        roster.skill[cell] = OFF;
      }
    }
  }
  return roster;
}

/**
 * Greedy, coverage first: for each requirement short of its minimum (rarest skills first, then day by
 * day), the free person whose assignment lowers the score most, as long as it lowers the hard score; then
 * the same up to the optimum as long as the whole score falls. Every candidate is scored by the evaluator
 * through the search state, so forbidden successions, leave and contracts weigh in as they will later. A large ward's
 * greedy takes long: it asks `stopped` (the deadline, the stop) before every `STOP_CHECK`th assignment and leaves the
 * roster as it stands once it says so.
 */
export function constructGreedy(state: SearchState, space: MoveSpace, hardWeight: number, stopped: () => boolean = never): void {
  const { problem, days } = space;
  let made = 0;
  const skillOrder = problem.skills
    .map((_, k) => k)
    .sort((x, y) => holders(space, x) - holders(space, y) || x - y);
  for (const phase of ['minimum', 'optimal'] as const) {
    const target = phase === 'minimum' ? problem.minimum : problem.optimal;
    for (const k of skillOrder) {
      for (let d = 0; d < days; d++) {
        for (const s of space.assignable) {
          const index = state.requirementOf(d, s, k);
          while (state.covered[index]! < target[index]!) {
            if (++made % STOP_CHECK === 0 && stopped()) return;
            const best = bestCandidate(state, space, d, s, k, hardWeight);
            if (best < 0) break;
            state.set(best, d, s, k);
            state.evaluate();
            const improves = phase === 'minimum' ? state.deltaHard < 0 : state.deltaHard <= 0 && state.deltaHard * hardWeight + state.deltaSoft < 0;
            if (!improves) {
              state.rollback();
              break;
            }
            state.commit();
          }
        }
      }
    }
  }
}

/** How many assignments the greedy makes between two looks at `stopped`. */
const STOP_CHECK = 8;

function never(): boolean {
  return false;
}

function holders(space: MoveSpace, skill: number): number {
  let count = 0;
  for (let p = 0; p < space.people; p++) count += space.hasSkill[p * space.skillCount + skill]!;
  return count;
}

function bestCandidate(state: SearchState, space: MoveSpace, day: number, shift: number, skill: number, hardWeight: number): number {
  let best = -1;
  let bestCost = Infinity;
  for (let p = 0; p < space.people; p++) {
    const cell = p * space.days + day;
    if (space.frozen[cell] || state.roster.shift[cell] !== OFF || !space.hasSkill[p * space.skillCount + skill]) continue;
    state.set(p, day, shift, skill);
    state.evaluate();
    const cost = state.deltaHard * hardWeight + state.deltaSoft;
    state.rollback();
    if (cost < bestCost) {
      bestCost = cost;
      best = p;
    }
  }
  return best;
}
