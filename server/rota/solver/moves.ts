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
  /** `holders[k]`: the people who have skill k. */
  holders: Int32Array[];
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
    holders,
  };
}

/**
 * Whether taking the work off cell (person, day) leaves its requirement under its minimum. With no hard violation
 * left, such a move costs a hard violation that the annealing never accepts: it is not worth scoring.
 */
function neededForMinimum(state: SearchState, space: MoveSpace, person: number, day: number): boolean {
  if (state.hard > 0) return false;
  const cell = person * space.days + day;
  const index = state.requirementOf(day, state.roster.shift[cell]!, state.roster.skill[cell]!);
  return index >= 0 && state.covered[index]! <= space.problem.minimum[index]!;
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
  if (current !== OFF && neededForMinimum(state, space, p, d)) return false;
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

/**
 * Point one cell at what its day lacks: work a requirement still under its optimum (a shift type and skill
 * the person has), or, when the day lacks nothing the person can do, leave a surplus assignment off.
 */
export function changeToNeed(state: SearchState, space: MoveSpace, random: Random): boolean {
  const p = random.int(space.people);
  const d = random.int(space.days);
  const cell = p * space.days + d;
  if (space.frozen[cell]) return false;
  const { optimal } = space.problem;
  const skills = space.problem.staff[p]!.skills;
  let chosen = -1;
  let seen = 0;
  for (const s of space.assignable) {
    for (const k of skills) {
      const index = state.requirementOf(d, s, k);
      if (state.covered[index]! >= optimal[index]!) continue;
      // Reservoir sampling: each lacking requirement equally likely, without a list.
      if (random.int(++seen) === 0) chosen = s * space.skillCount + k;
    }
  }
  if (chosen >= 0) {
    state.set(p, d, Math.floor(chosen / space.skillCount), chosen % space.skillCount);
    return state.pending();
  }
  const current = state.requirementOf(d, state.roster.shift[cell]!, state.roster.skill[cell]!);
  if (current < 0 || state.covered[current]! <= optimal[current]!) return false;
  state.set(p, d, OFF, OFF);
  return true;
}

/** Give k consecutive days of one person one shift type (or days off). */
export function changeBlock(state: SearchState, space: MoveSpace, random: Random): boolean {
  if (space.maxBlock < 2) return false;
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
    if (neededForMinimum(state, space, p, d)) return false;
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
  for (let d = start; d < start + k; d++) state.swap(a, b, d);
  return state.pending();
}

/**
 * A partner for person a over days [start, start + k): someone who has the skill a works with on the first
 * working day of the block (so that the partner can take that cell), else anyone; -1 when there is none.
 */
function partner(state: SearchState, space: MoveSpace, a: number, start: number, k: number, random: Random): number {
  for (let d = start; d < start + k; d++) {
    const skill = state.roster.skill[a * space.days + d]!;
    if (skill < 0) continue;
    const holders = space.holders[skill]!;
    if (holders.length < 2) return -1;
    const b = holders[random.int(holders.length)]!;
    return b === a ? -1 : b;
  }
  const b = random.int(space.people);
  return b === a ? -1 : b;
}

/** Swap two people's cells on one day. */
export function swapDay(state: SearchState, space: MoveSpace, random: Random): boolean {
  if (space.people < 2) return false;
  const a = random.int(space.people);
  const d = random.int(space.days);
  const b = partner(state, space, a, d, 1, random);
  return b >= 0 && exchange(state, space, a, b, d, 1);
}

/** Swap two people's cells over k consecutive days. */
export function swapBlock(state: SearchState, space: MoveSpace, random: Random): boolean {
  if (space.people < 2 || space.maxBlock < 2) return false;
  const k = 2 + random.int(space.maxBlock - 1);
  const a = random.int(space.people);
  const start = random.int(space.days - k + 1);
  const b = partner(state, space, a, start, k, random);
  return b >= 0 && exchange(state, space, a, b, start, k);
}

/** The run `randomRun` drew: its person, first and last day. */
const run = { person: 0, first: 0, last: 0 };

/**
 * Draws a person and a day and, when that day is worked, finds the maximal stretch of work around it into `run`;
 * false on a day off or on a run longer than a block move may take.
 */
function randomRun(state: SearchState, space: MoveSpace, random: Random): boolean {
  const person = random.int(space.people);
  const day = random.int(space.days);
  const shift = state.roster.shift;
  const base = person * space.days;
  if (shift[base + day] === OFF) return false;
  let first = day;
  let last = day;
  while (first > 0 && shift[base + first - 1] !== OFF) first--;
  while (last + 1 < space.days && shift[base + last + 1] !== OFF) last++;
  run.person = person;
  run.first = first;
  run.last = last;
  return last - first < space.maxBlock;
}

const runShift = new Int16Array(64);
const runSkill = new Int16Array(64);

/**
 * Move one person's working run (the maximal stretch of work around a day, at most `maxBlock` days) one to three
 * days earlier or later, its shifts in the same order: the days it leaves go off. Keeps the run's length, so a row
 * whose runs sit at their bounds can slide work towards the days that lack it.
 */
export function shiftRun(state: SearchState, space: MoveSpace, random: Random): boolean {
  if (!randomRun(state, space, random)) return false;
  const { person: p, first, last } = run;
  const days = space.days;
  const base = p * days;
  const { shift, skill } = state.roster;
  const length = last - first + 1;
  const delta = (1 + random.int(3)) * (random.int(2) === 0 ? -1 : 1);
  const from = first + delta;
  const to = last + delta;
  if (from < 0 || to >= days) return false;
  for (let d = Math.min(first, from); d <= Math.max(last, to); d++) {
    if (space.frozen[base + d]) return false;
    if ((d < first || d > last) && shift[base + d] !== OFF) return false;
  }
  for (let i = 0; i < length; i++) {
    runShift[i] = shift[base + first + i]!;
    runSkill[i] = skill[base + first + i]!;
  }
  for (let d = first; d <= last; d++) {
    if (d >= from && d <= to) continue;
    if (neededForMinimum(state, space, p, d)) return false;
  }
  for (let d = first; d <= last; d++) if (d < from || d > to) state.set(p, d, OFF, OFF);
  for (let i = 0; i < length; i++) state.set(p, from + i, runShift[i]!, runSkill[i]!);
  return state.pending();
}

/** Give one person's working run (the maximal stretch of work around a day, at most `maxBlock` days) one shift type. */
export function retypeRun(state: SearchState, space: MoveSpace, random: Random): boolean {
  if (space.assignable.length < 2 || !randomRun(state, space, random)) return false;
  const { person: p, first, last } = run;
  const base = p * space.days;
  const { shift, skill } = state.roster;
  const type = space.assignable[random.int(space.assignable.length)]!;
  for (let d = first; d <= last; d++) {
    if (shift[base + d] === type) continue;
    if (space.frozen[base + d] || neededForMinimum(state, space, p, d)) return false;
  }
  for (let d = first; d <= last; d++) state.set(p, d, type, skill[base + d]!);
  return state.pending();
}

export type Move = (state: SearchState, space: MoveSpace, random: Random) => boolean;
