import { compareScores, copyRoster, type Roster, type Score } from '../problem.js';
import { walk } from './anneal.js';
import { PeopleGuide } from './guide.js';
import type { MoveSpace } from './move-space.js';
import { planPeople, planWindow } from './plan-rows.js';
import type { Random } from './random.js';
import { masterOptions, type Search } from './search.js';
import type { SolveResult } from './solve.js';
import { searchStateFor } from './state.js';
import { DEFAULT_TUNING, type Tuning } from './tuning.js';

/** The time at which windows begin after a plan: `windowShare` of the time left from now. */
export function windowsBegin(search: Search): number {
  const { options, tuning } = search;
  return options.deadline - tuning.windowShare * Math.max(0, options.deadline - options.now());
}

/**
 * The windows phase: re-plans whole rows exactly, until the deadline (one sweep under a move budget), the stop, or a
 * roster without penalty: everyone's over `windowDays` days at a time with every other cell kept (`planWindow`), and,
 * for `peopleWindowShare` of the time spent in windows (of the windows, under a move budget), a few people's over every
 * day with everyone else's rows kept (`planPeople`, `windowPeople`). A window of days comes first. After each window,
 * the searches' shared best (`SolveOptions.sharedBest`) is taken when it beats the incumbent (and the window laid over
 * it, when that is better still), and the incumbent offered to it. The windows re-plan the incumbent until
 * `kickAfterWindows` windows in a row (more on a ward of more than 28 days: `idleWindowsBeforeKick`) have not bettered
 * the roster they re-planned (not under a move budget): then a walk of the annealing's moves at `kickTemperature`
 * leads from the incumbent to a roster near it (`kickMovesPerCell` moves a cell), which the windows re-plan from until
 * they stall again, or the shared best beats the incumbent (the windows then go on from it). Returns why the search
 * stopped.
 */
export function sweepWindows(search: Search, stoppedBy: SolveResult['stoppedBy']): SolveResult['stoppedBy'] {
  const { options, tuning, space, incumbent, random } = search;
  const once = options.maxMoves !== undefined;
  const length = Math.min(tuning.windowDays, space.days);
  const master = masterOptions(search, options.deadline);
  const starts = windowStarts(space.days, length, once, options.sweepPart ?? 0, tuning);
  const kinds = new WindowKinds(tuning);
  const kickAfter = once ? 0 : idleWindowsBeforeKick(tuning.kickAfterWindows, space.days);
  // What the windows re-plan: the incumbent, or since a kick the roster it led to and what windows made of it.
  let current: Roster = copyRoster(incumbent.roster);
  let currentScore: Score = incumbent.score;
  let stalled = 0;
  const guide = options.boundPrices !== undefined && tuning.guideFloor < 1 ? new PeopleGuide(space, incumbent.roster, tuning.hardWeight) : null;
  // Each person's weight in the guided draw is halved by every window of people that held them and gained nothing,
  // until a window gains: a person whose part no window of theirs can lower is not drawn over and over.
  const damp = new Float64Array(space.people).fill(1);
  for (;;) {
    if (options.signal?.aborted) return 'aborted';
    if (options.now() >= options.deadline || incumbent.perfect) break;
    const began = options.now();
    const before = currentScore;
    const ofPeople = kinds.nextOfPeople();
    let roster: Roster;
    let lay: (base: Roster) => Roster;
    let chosen: number[] = [];
    if (ofPeople) {
      chosen = windowPeople(space, random, tuning.windowPeople, guide === null ? null : guideWeights(guide, search, current, damp));
      roster = planPeople(space, current, chosen, options.highs!, master);
      lay = (base) => layPeople(base, roster, space.days, chosen);
    } else {
      const next = starts.next();
      if (next.done === true) break;
      const from = next.value;
      roster = planWindow(space, current, from, length, options.highs!, master);
      lay = (base) => layWindow(base, roster, space.days, from, length);
    }
    const planned = searchStateFor(space, roster);
    if (compareScores(planned.score(), currentScore) < 0) {
      current = roster;
      currentScore = planned.score();
      stalled = 0;
      damp.fill(1);
    } else {
      stalled++;
      for (const p of chosen) damp[p]! *= 0.5;
    }
    let improved = incumbent.keep(planned);
    const gain = (before.hard - currentScore.hard) * tuning.hardWeight + before.soft - currentScore.soft;
    // Milliseconds, or windows under a move budget (which replays).
    kinds.record(ofPeople, gain, once ? 1 : options.now() - began);
    const shared = options.sharedBest?.takeIfBetter(incumbent.score) ?? null;
    if (shared !== null) {
      // Another search's best, then the same with this window laid over it; the windows go on from the better.
      improved = incumbent.keep(searchStateFor(space, shared.roster)) || improved;
      improved = incumbent.keep(searchStateFor(space, lay(shared.roster))) || improved;
      if (compareScores(incumbent.score, currentScore) < 0) {
        current = copyRoster(incumbent.roster);
        currentScore = incumbent.score;
        stalled = 0;
      }
    }
    options.sharedBest?.offer(incumbent.roster, incumbent.score);
    if (kickAfter > 0 && stalled >= kickAfter) {
      const kicked = searchStateFor(space, copyRoster(incumbent.roster));
      improved = walk(search, kicked, tuning.kickTemperature, Math.round(tuning.kickMovesPerCell * space.people * space.days)) || improved;
      current = kicked.roster;
      currentScore = kicked.score();
      stalled = 0;
      damp.fill(1);
    }
    if (improved) incumbent.report(search.moves);
  }
  return stoppedBy;
}

/** The days of a ward over which `Tuning.kickAfterWindows` idle windows in a row bring a kick, and fewer days too. */
export const KICK_DAYS = 28;

/**
 * How many windows in a row that have not bettered their roster bring a kick on a ward of `days` days: `count` (the
 * tuning's) up to `KICK_DAYS` days, in proportion to the days on a longer ward, whose sweep of windows of days has as
 * many more windows (over 56 days, twice those over 28); 0 (never) for 0.
 */
export function idleWindowsBeforeKick(count: number, days: number): number {
  return Math.round(count * Math.max(1, days / KICK_DAYS));
}

/**
 * Which kind of window comes next: each kind's share of the time spent in windows (of the windows, under a move
 * budget) follows its share of what the last `windowMemory` windows of each kind gained per unit spent, at least
 * `windowKindFloor` each; `peopleWindowShare` while a kind has not been tried or neither has gained lately, and no
 * windows of people at all when it is 0. Windows of days gain most on a roster far from good (and on large wards, whose
 * first sweep is long), windows of people keep gaining once windows of days no longer do.
 */
export class WindowKinds {
  private readonly spent = { days: 0, people: 0 };
  private readonly recent: Record<'days' | 'people', { gain: number; cost: number }[]> = { days: [], people: [] };

  constructor(private readonly tuning: Pick<Tuning, 'peopleWindowShare' | 'windowKindFloor' | 'windowMemory'>) {}

  /** The share of the time in windows that windows of people are to have now. */
  peopleShare(): number {
    const { peopleWindowShare, windowKindFloor } = this.tuning;
    if (peopleWindowShare === 0) return 0;
    const days = this.rate('days');
    const people = this.rate('people');
    if (days === null || people === null || days + people === 0) return peopleWindowShare;
    return Math.min(1 - windowKindFloor, Math.max(windowKindFloor, people / (days + people)));
  }

  /** Whether the next window is one of people: the kind further below its share; of days on a tie (so first). */
  nextOfPeople(): boolean {
    const share = this.peopleShare();
    return share > 0 && this.spent.people * (1 - share) < this.spent.days * share;
  }

  /** Notes what a window of one kind gained (in the annealing's cost: hard violations weighed) and what it took. */
  record(ofPeople: boolean, gain: number, cost: number): void {
    const kind = ofPeople ? 'people' : 'days';
    this.spent[kind] += cost;
    const recent = this.recent[kind];
    recent.push({ gain: Math.max(0, gain), cost });
    if (recent.length > this.tuning.windowMemory) recent.shift();
  }

  /** What the kind's last windows gained per unit they took, or null before its first. */
  private rate(kind: 'days' | 'people'): number | null {
    const recent = this.recent[kind];
    if (recent.length === 0) return null;
    let gain = 0;
    let cost = 0;
    for (const window of recent) {
      gain += window.gain;
      cost += window.cost;
    }
    return gain / Math.max(cost, 1e-9);
  }
}

/**
 * What each person weighs in the draw of a window of people (`windowPeople`): their part of `roster`'s distance from the
 * bound at its latest prices (`PeopleGuide`), and `guideFloor` of the whole spread evenly; null (an even draw) until
 * the bound has prices, or when the roster is at the bound.
 */
function guideWeights(guide: PeopleGuide, search: Search, roster: Roster, damp: Float64Array): Float64Array | null {
  const latest = search.options.boundPrices!.latest();
  if (latest === null) return null;
  guide.setPrices(latest.prices, latest.version, () => search.options.signal?.aborted === true || search.options.now() >= search.options.deadline);
  if (!guide.priced) return null;
  const gaps = guide.gaps(roster);
  let total = 0;
  for (const gap of gaps) total += gap;
  if (total <= 0) return null;
  const floor = (search.tuning.guideFloor * total) / (1 - search.tuning.guideFloor) / gaps.length;
  return gaps.map((gap, p) => (gap + floor) * damp[p]!);
}

/** An index drawn from `pool` with chances in proportion to `weight`, or evenly without. */
function drawFrom(pool: readonly number[], random: Random, weight: Float64Array | null): number {
  if (weight === null) return random.int(pool.length);
  let total = 0;
  for (const p of pool) total += weight[p]!;
  let at = random.next() * total;
  for (let i = 0; i < pool.length; i++) {
    at -= weight[pool[i]!]!;
    if (at < 0) return i;
  }
  return pool.length - 1;
}

/**
 * The people of one window of people: one drawn at random, and others drawn from those sharing a skill with them,
 * `count` in all, at most half the ward rounded up (everyone's rows over every day is the plan itself, not a window),
 * fewer when fewer share a skill. With `weight`, each draw takes a person with chances in proportion to their weight.
 */
export function windowPeople(space: MoveSpace, random: Random, count: number, weight: Float64Array | null = null): number[] {
  const { people, skillCount, hasSkill } = space;
  const size = Math.min(count, Math.ceil(people / 2));
  const pivot = weight === null ? random.int(people) : drawFrom(Array.from({ length: people }, (_, p) => p), random, weight);
  const sharing: number[] = [];
  for (let p = 0; p < people; p++) {
    if (p === pivot) continue;
    for (let k = 0; k < skillCount; k++) {
      if (hasSkill[p * skillCount + k] && hasSkill[pivot * skillCount + k]) {
        sharing.push(p);
        break;
      }
    }
  }
  const chosen = [pivot];
  while (chosen.length < size && sharing.length > 0) {
    const at = drawFrom(sharing, random, weight);
    chosen.push(sharing[at]!);
    sharing[at] = sharing[sharing.length - 1]!;
    sharing.pop();
  }
  return chosen.sort((a, b) => a - b);
}

/**
 * Where the windows of `length` days begin: `windowStepShare` of a window apart, from the last days back to the first
 * (an annealed roster's last days gain most), in sweeps each shifted `windowSweepShiftDays` from the one before (so
 * that a sweep that changed nothing is not repeated as it was), each begun `part` of the way through it (the rest of it
 * follows); one sweep when `once`, else without end.
 */
export function* windowStarts(
  days: number,
  length: number,
  once: boolean,
  part: number,
  shape: Pick<Tuning, 'windowStepShare' | 'windowSweepShiftDays'> = DEFAULT_TUNING,
): Generator<number> {
  const size = Math.min(length, days);
  const step = Math.max(1, Math.floor(size * shape.windowStepShare));
  for (let sweep = 0; ; sweep++) {
    const shift = (sweep * shape.windowSweepShiftDays) % step;
    const starts: number[] = [];
    let first = days;
    for (let end = days - shift; first > 0; end -= step) {
      first = Math.max(0, Math.min(end, days) - size);
      starts.push(first);
    }
    const begin = Math.floor(Math.min(Math.max(part, 0), 1) * starts.length) % starts.length;
    yield* starts.slice(begin);
    yield* starts.slice(0, begin);
    if (once) return;
  }
}

/** A copy of `base` with the cells of days [`from`, `from + length`) taken from `window`. */
export function layWindow(base: Roster, window: Roster, days: number, from: number, length: number): Roster {
  const laid = copyRoster(base);
  for (let row = 0; row < base.shift.length; row += days) {
    laid.shift.set(window.shift.subarray(row + from, row + from + length), row + from);
    laid.skill.set(window.skill.subarray(row + from, row + from + length), row + from);
  }
  return laid;
}

/** A copy of `base` with the rows of `people` taken from `window`. */
export function layPeople(base: Roster, window: Roster, days: number, people: readonly number[]): Roster {
  const laid = copyRoster(base);
  for (const p of people) {
    laid.shift.set(window.shift.subarray(p * days, (p + 1) * days), p * days);
    laid.skill.set(window.skill.subarray(p * days, (p + 1) * days), p * days);
  }
  return laid;
}
