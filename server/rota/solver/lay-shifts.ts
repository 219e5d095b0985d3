import { coverageCounts } from '../evaluate.js';
import { OFF, coverageIndex, type Roster } from '../problem.js';
import type { MoveSpace } from './move-space.js';
import type { Random } from './random.js';
import { SearchState } from './state.js';

/**
 * A roster that works the planned days (`plan`: each cell's skill, or `OFF`) with shift types given day by day:
 * each working cell takes the shift type that most helps its requirement (under its minimum first, then under its
 * optimum), yesterday's shift type where that helps as much, never one that may not follow yesterday's. Frozen
 * cells keep what `start` holds.
 */
export function layShiftTypes(space: MoveSpace, start: Roster, plan: Int16Array): Roster {
  const { problem, days, people } = space;
  // Only the frozen cells are kept; the others are laid below.
  const roster: Roster = {
    shift: Int16Array.from(start.shift, (shift, cell) => (space.frozen[cell] ? shift : OFF)),
    skill: Int16Array.from(start.skill, (skill, cell) => (space.frozen[cell] ? skill : OFF)),
  };
  const covered = coverageCounts(problem, roster);
  const order: number[] = [];
  for (let d = 0; d < days; d++) {
    const previous = (p: number): number => (d === 0 ? (problem.staff[p]!.carryIn.lastShift ?? OFF) : roster.shift[p * days + d - 1]!);
    order.length = 0;
    for (let p = 0; p < people; p++) if (!space.frozen[p * days + d]) order.push(p);
    // People who worked yesterday choose first, so that their runs of one shift type can go on.
    order.sort((a, b) => Number(previous(b) !== OFF) - Number(previous(a) !== OFF) || a - b);
    for (const p of order) {
      const cell = p * days + d;
      const skill = plan[cell]!;
      if (skill === OFF) continue;
      const before = previous(p);
      let best = OFF;
      let bestValue = Number.NEGATIVE_INFINITY;
      for (const s of space.assignable) {
        if (before !== OFF && problem.forbiddenNext[before]![s]) continue;
        const index = coverageIndex(problem, d, s, skill);
        let value = 0;
        if (covered[index]! < problem.minimum[index]!) value += 1000;
        if (covered[index]! < problem.optimal[index]!) value += problem.weights.coverage_optimal;
        if (s === before) value += problem.weights.consecutive_same_shift;
        if (value > bestValue) {
          bestValue = value;
          best = s;
        }
      }
      if (best === OFF) continue;
      roster.shift[cell] = best;
      roster.skill[cell] = skill;
      covered[coverageIndex(problem, d, best, skill)]!++;
    }
  }
  return roster;
}

export interface LayerSchedule {
  /** How far along the annealing is after `done` moves, from 0 to 1: it stops at 1 (asked every 1000 moves). */
  progress(done: number): number;
  /** A budget of moves, never exceeded (the last batch is cut to it). */
  maxMoves?: number;
  startTemperature: number;
  endTemperature: number;
  hardWeight: number;
}

/**
 * Simulated annealing over the shift types of the working days, which it keeps: a working cell's shift type
 * changed, a stretch of up to five days of a working run given one shift type, or two people who work a day
 * trading their cells (each has the other's skill). Frozen cells are not touched.
 */
export function annealShiftTypes(state: SearchState, space: MoveSpace, random: Random, schedule: LayerSchedule): number {
  const { days, people, assignable } = space;
  const shift = state.roster.shift;
  const skill = state.roster.skill;
  const cooling = Math.log(schedule.endTemperature / schedule.startTemperature);
  let done = 0;
  if (assignable.length === 0 || people === 0 || days === 0) return 0;
  for (let progress = schedule.progress(0); progress < 1; progress = schedule.progress(done)) {
    const temperature = schedule.startTemperature * Math.exp(cooling * progress);
    const batch = Math.min(1000, (schedule.maxMoves ?? Number.POSITIVE_INFINITY) - done);
    if (batch <= 0) break;
    for (let i = 0; i < batch; i++) {
      const p = random.int(people);
      const d = random.int(days);
      const cell = p * days + d;
      if (shift[cell]! === OFF || space.frozen[cell]) continue;
      const pick = random.next();
      if (pick < 0.4) {
        const s = assignable[random.int(assignable.length)]!;
        if (s === shift[cell]) continue;
        state.set(p, d, s, skill[cell]!);
      } else if (pick < 0.7) {
        const s = assignable[random.int(assignable.length)]!;
        const end = Math.min(days, d + 2 + random.int(4));
        for (let e = d; e < end; e++) {
          const c = p * days + e;
          if (shift[c]! === OFF || space.frozen[c]) break;
          state.set(p, e, s, skill[c]!);
        }
      } else {
        const q = random.int(people);
        const other = q * days + d;
        if (q === p || shift[other]! === OFF || space.frozen[other]) continue;
        if (!space.hasSkill[p * space.skillCount + skill[other]!] || !space.hasSkill[q * space.skillCount + skill[cell]!]) continue;
        state.swap(p, q, d);
      }
      if (!state.pending()) continue;
      state.evaluate();
      const delta = state.deltaHard * schedule.hardWeight + state.deltaSoft;
      if (delta <= 0 || random.next() < Math.exp(-delta / temperature)) state.commit();
      else state.rollback();
    }
    done += batch;
  }
  return done;
}
