import { OFF, type RosterProblem } from '../problem.js';
import type { Random } from './random.js';
import type { SearchState } from './state.js';

/**
 * What the moves may touch: cells that are neither pinned nor on approved leave, with assignable shift
 * types and the skills their person has.
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
  /** Longest block of days a block move takes. */
  maxBlock: number;
}

export function moveSpace(problem: RosterProblem, pinned: ArrayLike<number | boolean> | undefined, maxBlock: number): MoveSpace {
  const days = problem.days;
  const people = problem.staff.length;
  const frozen = new Uint8Array(people * days);
  const pinnedCells = new Uint8Array(people * days);
  const skillCount = problem.skills.length;
  const hasSkill = new Uint8Array(people * skillCount);
  for (let p = 0; p < people; p++) {
    const person = problem.staff[p]!;
    for (const k of person.skills) hasSkill[p * skillCount + k] = 1;
    for (let d = 0; d < days; d++) {
      const cell = p * days + d;
      if (pinned !== undefined && pinned[cell]) pinnedCells[cell] = 1;
      if (pinnedCells[cell] || person.leave[d]) frozen[cell] = 1;
    }
  }
  const assignable = problem.shiftTypes.flatMap((type, s) => (type.assignable ? [s] : []));
  return { problem, days, people, pinned: pinnedCells, frozen, assignable, hasSkill, skillCount, maxBlock: Math.max(1, Math.min(maxBlock, days)) };
}

function randomWork(space: MoveSpace, person: number, random: Random): { shift: number; skill: number } | null {
  const skills = space.problem.staff[person]!.skills;
  if (skills.length === 0 || space.assignable.length === 0) return null;
  return { shift: space.assignable[random.int(space.assignable.length)]!, skill: skills[random.int(skills.length)]! };
}

/** Change one cell: another shift type or skill, or a day off, or work on a day off. */
export function changeCell(state: SearchState, space: MoveSpace, random: Random): boolean {
  const p = random.int(space.people);
  const d = random.int(space.days);
  const cell = p * space.days + d;
  if (space.frozen[cell]) return false;
  const current = state.roster.shift[cell]!;
  const currentSkill = state.roster.skill[cell]!;
  // A working cell goes off one time in three; otherwise some work.
  if (current !== OFF && random.int(3) === 0) {
    state.set(p, d, OFF, OFF);
    return state.pending();
  }
  const work = randomWork(space, p, random);
  if (work === null || (work.shift === current && work.skill === currentSkill)) return false;
  state.set(p, d, work.shift, work.skill);
  return state.pending();
}

/** Give k consecutive days of one person one shift type (or days off). */
export function changeBlock(state: SearchState, space: MoveSpace, random: Random): boolean {
  const k = 2 + random.int(space.maxBlock - 1);
  const p = random.int(space.people);
  const start = random.int(space.days - k + 1);
  let shift = OFF;
  let skill = OFF;
  if (random.int(3) !== 0) {
    const work = randomWork(space, p, random);
    if (work === null) return false;
    shift = work.shift;
    skill = work.skill;
  }
  for (let d = start; d < start + k; d++) {
    if (space.frozen[p * space.days + d]) continue;
    state.set(p, d, shift, skill);
  }
  return state.pending();
}

function canTake(space: MoveSpace, person: number, shift: number, skill: number): boolean {
  return shift === OFF || space.hasSkill[person * space.skillCount + skill] === 1;
}

/** Exchange the cells of two people over days [start, start + k): coverage stays as it is. */
function exchange(state: SearchState, space: MoveSpace, a: number, b: number, start: number, k: number): boolean {
  const { shift, skill } = state.roster;
  const days = space.days;
  for (let d = start; d < start + k; d++) {
    const ca = a * days + d;
    const cb = b * days + d;
    if (space.frozen[ca] || space.frozen[cb]) return false;
    if (!canTake(space, b, shift[ca]!, skill[ca]!) || !canTake(space, a, shift[cb]!, skill[cb]!)) return false;
  }
  for (let d = start; d < start + k; d++) {
    const ca = a * days + d;
    const cb = b * days + d;
    const sa = shift[ca]!;
    const ka = skill[ca]!;
    state.set(a, d, shift[cb]!, skill[cb]!);
    state.set(b, d, sa, ka);
  }
  return state.pending();
}

/** Swap two people's cells on one day. */
export function swapDay(state: SearchState, space: MoveSpace, random: Random): boolean {
  if (space.people < 2) return false;
  const a = random.int(space.people);
  const b = (a + 1 + random.int(space.people - 1)) % space.people;
  return exchange(state, space, a, b, random.int(space.days), 1);
}

/** Swap two people's cells over k consecutive days. */
export function swapBlock(state: SearchState, space: MoveSpace, random: Random): boolean {
  if (space.people < 2 || space.maxBlock < 2) return false;
  const k = 2 + random.int(space.maxBlock - 1);
  const a = random.int(space.people);
  const b = (a + 1 + random.int(space.people - 1)) % space.people;
  return exchange(state, space, a, b, random.int(space.days - k + 1), k);
}

export type Move = (state: SearchState, space: MoveSpace, random: Random) => boolean;
