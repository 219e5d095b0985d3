// Moves that exchange two people's cells: coverage stays as it is.
import { canTake, type MoveSpace } from '../move-space.js';
import type { Random } from '../random.js';
import type { SearchState } from '../state.js';

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
