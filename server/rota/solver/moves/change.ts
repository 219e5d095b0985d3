// Moves that change cells of one person: one cell, one cell towards what its day lacks, a block of days.
import { OFF } from '../../problem.js';
import { neededForMinimum, randomWork, type MoveSpace } from '../move-space.js';
import type { Random } from '../random.js';
import type { SearchState } from '../state.js';

/** Change one cell: another shift type or skill, or a day off, or work on a day off. */
export function changeCell(state: SearchState, space: MoveSpace, random: Random): boolean {
  const p = random.int(space.people);
  const d = random.int(space.days);
  const cell = p * space.days + d;
  if (space.frozen[cell]) return false;
  const current = state.roster.shift[cell]!;
  const currentSkill = state.roster.skill[cell]!;
  if (current !== OFF && neededForMinimum(state, space, p, d)) return false;
  // A working cell goes off one time in `changeOffOneIn`; otherwise some work.
  if (current !== OFF && random.int(space.changeOffOneIn) === 0) {
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
  // Days off one time in `blockOffOneIn`; otherwise one shift type and skill.
  if (random.int(space.blockOffOneIn) !== 0) {
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
