// Moves along one person's working run: the maximal stretch of work around a day.
import { OFF } from '../../problem.js';
import { neededForMinimum, type MoveSpace } from '../move-space.js';
import type { Random } from '../random.js';
import type { SearchState } from '../state.js';

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
 * Move one person's working run (the maximal stretch of work around a day, at most `maxBlock` days) one to
 * `runShiftDays` days earlier or later, its shifts in the same order: the days it leaves go off. Keeps the run's length, so a row
 * whose runs sit at their bounds can slide work towards the days that lack it.
 */
export function shiftRun(state: SearchState, space: MoveSpace, random: Random): boolean {
  if (!randomRun(state, space, random)) return false;
  const { person: p, first, last } = run;
  const days = space.days;
  const base = p * days;
  const { shift, skill } = state.roster;
  const length = last - first + 1;
  const delta = (1 + random.int(space.runShiftDays)) * (random.int(2) === 0 ? -1 : 1);
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
