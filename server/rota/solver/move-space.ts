import { OFF, type RosterProblem } from '../problem.js';
import type { Random } from './random.js';
import type { SearchState } from './state.js';
import { DEFAULT_MOVE_SHAPE, type MoveShape } from './tuning.js';

/**
 * What the moves may touch: cells that are neither pinned nor on approved leave, with assignable shift
 * types and the skills their person has. A repair's days before its `from` count as pinned (docs/rota.md §11.2).
 */
export interface MoveSpace {
  problem: RosterProblem;
  days: number;
  people: number;
  /** 1 where a cell is pinned: kept as it is. */
  pinned: Uint8Array;
  /** 1 where a cell may not change (pinned, or on leave and so kept off). */
  frozen: Uint8Array;
  /** Shift type indices the solver may assign. */
  assignable: number[];
  /** `hasSkill[p * skills + k]`. */
  hasSkill: Uint8Array;
  skillCount: number;
  /** Longest block of days a block move takes (`Tuning.maxBlock`, at most the days). */
  maxBlock: number;
  /** What the moves draw (`Tuning.changeOffOneIn`, `blockOffOneIn`, `runShiftDays`). */
  changeOffOneIn: number;
  blockOffOneIn: number;
  runShiftDays: number;
  /** `holders[k]`: the people who have skill k. */
  holders: Int32Array[];
}

export function moveSpace(
  problem: RosterProblem,
  pinned: ArrayLike<number | boolean> | undefined,
  maxBlock: number,
  draws: Omit<MoveShape, 'maxBlock'> = DEFAULT_MOVE_SHAPE,
): MoveSpace {
  const days = problem.days;
  const people = problem.staff.length;
  const frozen = new Uint8Array(people * days);
  const pinnedCells = new Uint8Array(people * days);
  const skillCount = problem.skills.length;
  const hasSkill = new Uint8Array(people * skillCount);
  const keptBefore = problem.reference === undefined ? 0 : Math.min(days, Math.max(0, problem.reference.from));
  for (let p = 0; p < people; p++) {
    const person = problem.staff[p]!;
    for (const k of person.skills) hasSkill[p * skillCount + k] = 1;
    for (let d = 0; d < days; d++) {
      const cell = p * days + d;
      if ((pinned !== undefined && pinned[cell]) || d < keptBefore) pinnedCells[cell] = 1;
      if (pinnedCells[cell] || person.leave[d]) frozen[cell] = 1;
    }
  }
  const assignable = problem.shiftTypes.flatMap((type, s) => (type.assignable ? [s] : []));
  const holders = problem.skills.map((_, k) => Int32Array.from(problem.staff.flatMap((person, p) => (person.skills.includes(k) ? [p] : []))));
  return {
    problem,
    days,
    people,
    pinned: pinnedCells,
    frozen,
    assignable,
    hasSkill,
    skillCount,
    maxBlock: Math.max(1, Math.min(maxBlock, days)),
    changeOffOneIn: draws.changeOffOneIn,
    blockOffOneIn: draws.blockOffOneIn,
    runShiftDays: draws.runShiftDays,
    holders,
  };
}

/**
 * A move: a few `set` or `swap` calls on the state, left pending for the search to score; false when it does not apply
 * or is not worth scoring, and the search then rolls back whatever it set.
 */
export type Move = (state: SearchState, space: MoveSpace, random: Random) => boolean;

/**
 * Whether taking the work off cell (person, day) leaves its requirement under its minimum. With no hard violation
 * left, such a move costs a hard violation that the annealing never accepts: it is not worth scoring.
 */
export function neededForMinimum(state: SearchState, space: MoveSpace, person: number, day: number): boolean {
  if (state.hard > 0) return false;
  const cell = person * space.days + day;
  const index = state.requirementOf(day, state.roster.shift[cell]!, state.roster.skill[cell]!);
  return index >= 0 && state.covered[index]! <= space.problem.minimum[index]!;
}

/** Some work the person can do: an assignable shift type and one of their skills; null when they have none. */
export function randomWork(space: MoveSpace, person: number, random: Random): { shift: number; skill: number } | null {
  const skills = space.problem.staff[person]!.skills;
  if (skills.length === 0 || space.assignable.length === 0) return null;
  return { shift: space.assignable[random.int(space.assignable.length)]!, skill: skills[random.int(skills.length)]! };
}

/** Whether the person may take a cell holding this shift type and skill: a day off, or a skill they have. */
export function canTake(space: MoveSpace, person: number, shift: number, skill: number): boolean {
  return shift === OFF || space.hasSkill[person * space.skillCount + skill] === 1;
}
