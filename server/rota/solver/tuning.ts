import type { RosterProblem } from '../problem.js';

/** The moves the annealing draws from (`moves.ts`), in the order in which a draw walks their weights. */
export const MOVE_NAMES = ['changeCell', 'changeBlock', 'swapDay', 'swapBlock', 'changeToNeed', 'shiftRun', 'retypeRun'] as const;
export type MoveName = (typeof MOVE_NAMES)[number];

/** Relative frequencies of the moves, by name. */
export type MoveMix = Record<MoveName, number>;

/** What the moves themselves draw (`MoveSpace.shape`): how long a block, how often off, how far a run. */
export interface MoveShape {
  /** The longest block of days a block change, a block swap or a run move takes. */
  maxBlock: number;
  /** `changeCell`: a working cell is given a day off one time in this many, else other work. */
  changeOffOneIn: number;
  /** `changeBlock`: the block becomes days off one time in this many, else one shift type and skill. */
  blockOffOneIn: number;
  /** `shiftRun`: a working run moves at most this many days earlier or later (at least one). */
  runShiftDays: number;
}

/** Every knob of one search (docs/solver.md, "Tuning knobs"). */
export interface Tuning extends MoveShape {
  /** One hard violation weighs this much soft penalty inside the search, the plans and the windows. */
  hardWeight: number;
  /** A repair: the hard weight is at least this many times the change weight, so that a hole outweighs its changes. */
  repairHardWeightPerChange: number;
  /** The annealing from the greedy roster cools geometrically from this temperature… */
  startTemperature: number;
  /** …to this one, over the time (or the move budget) left. */
  endTemperature: number;
  /** From a plan (or a repair's reference, a plan of its own): the annealing starts this cool, to keep its shape. */
  plannedStartTemperature: number;
  /** Moves between two looks at the clock, the stop signal and a shared plan. */
  movesPerBatch: number;
  /** Relative frequencies of the annealing's moves. */
  mix: MoveMix;
  /** With a plan: at most this share of the time (from the start) for the plan itself. */
  planShare: number;
  /**
   * With a linear programming solver: whole rows are planned (`planRosters`) instead of working days when the plan's
   * share of the time allows this many milliseconds per cell (person × day).
   */
  rowPlanMsPerCell: number;
  /** After a plan of working days: this share of the time (or of the move budget) anneals the laid shift types. */
  layerShare: number;
  /** That annealing of shift types cools from this temperature… */
  layerStartTemperature: number;
  /** …to this one. */
  layerEndTemperature: number;
  /**
   * After a plan (of whole rows or of working days): this share of the time left once it is made (one sweep after a
   * move budget) re-plans the best roster's whole rows in windows (`sweepWindows`), instead of annealing.
   */
  windowShare: number;
  /** The days one window re-plans. */
  windowDays: number;
  /** Each window starts this share of a window before the one after it. */
  windowStepShare: number;
  /** Each sweep of windows is shifted this many days from the one before (modulo the step). */
  windowSweepShiftDays: number;
  /**
   * Windows of people re-plan the whole rows of a few people over every day (`planPeople`), everyone else's kept,
   * instead of everyone's over a window of days: this share of the time spent in windows (of the windows, under a move
   * budget) until both kinds have been tried and whenever neither has gained lately; 0: none at all; below 1.
   */
  peopleWindowShare: number;
  /** The people one such window re-plans. */
  windowPeople: number;
  /**
   * Given the bound's prices (`SolveOptions.boundPrices`), the people of a window of people are drawn in proportion to
   * their part of the roster's distance from the bound (`PeopleGuide`), plus this share of the draw spread evenly over
   * everyone; 1: an even draw, as without prices. From 0 to 1.
   */
  guideFloor: number;
  /**
   * Once both kinds of window have been tried, each one's share follows what its last `windowMemory` windows gained per
   * millisecond (per window under a move budget), at least this share each (`WindowKinds`); at most 0.5.
   */
  windowKindFloor: number;
  /** The windows of each kind whose gains set the shares. */
  windowMemory: number;
  /**
   * Once this many windows in a row have not bettered the roster they re-plan (not under a move budget; on a ward of
   * up to 28 days, in proportion to the days on a longer one: `idleWindowsBeforeKick` in windows.ts), a walk of the
   * annealing's moves leads from the best roster to one near it, which the windows re-plan from (a kick); 0: never.
   */
  kickAfterWindows: number;
  /** The temperature of that walk… */
  kickTemperature: number;
  /** …and its moves, this many a cell (person × day). */
  kickMovesPerCell: number;
  /**
   * A repair (given HiGHS) re-plans windows around its holes (`fillHoles`) once its best has kept its hard violations
   * for this many milliseconds…
   */
  holeStallMs: number;
  /** …or this many moves… */
  holeStallMoves: number;
  /** …or, when less, this share of its time or of its move budget (a move budget counts moves alone, to replay). */
  holeStallShare: number;
  /**
   * The days the first window around a hole re-plans, the hole's day in their middle (7: three days before it, three
   * after); each re-plan that removes no hard violation doubles them for the next.
   */
  holeWindowDays: number;
  /** At most this share of the time left goes to one window around a hole. */
  holeWindowShare: number;
}

export const DEFAULT_TUNING: Readonly<Tuning> = {
  hardWeight: 1000,
  repairHardWeightPerChange: 20,
  startTemperature: 12,
  endTemperature: 0.8,
  plannedStartTemperature: 3,
  movesPerBatch: 2000,
  maxBlock: 7,
  changeOffOneIn: 3,
  blockOffOneIn: 3,
  runShiftDays: 3,
  mix: { changeCell: 3, changeBlock: 1, swapDay: 3, swapBlock: 2, changeToNeed: 1, shiftRun: 2, retypeRun: 1 },
  planShare: 0.5,
  rowPlanMsPerCell: 120,
  layerShare: 0.1,
  layerStartTemperature: 10,
  layerEndTemperature: 0.5,
  windowShare: 0.8,
  windowDays: 14,
  windowStepShare: 0.5,
  windowSweepShiftDays: 3,
  peopleWindowShare: 0.5,
  windowPeople: 10,
  guideFloor: 0.25,
  windowKindFloor: 0.15,
  windowMemory: 4,
  kickAfterWindows: 4,
  kickTemperature: 3,
  kickMovesPerCell: 15,
  holeStallMs: 300,
  holeStallMoves: 200_000,
  holeStallShare: 0.05,
  holeWindowDays: 7,
  holeWindowShare: 0.25,
};

/** What a caller may change: any knob, and any move's weight (the others keep theirs). */
export type TuningOverrides = Partial<Omit<Tuning, 'mix'>> & { mix?: Partial<MoveMix> };

/** The defaults with `overrides` over them; a repair's hard weight raised to outweigh its changes. */
export function resolveTuning(problem: RosterProblem, overrides: TuningOverrides | undefined): Tuning {
  const tuning: Tuning = { ...DEFAULT_TUNING, ...overrides, mix: { ...DEFAULT_TUNING.mix, ...overrides?.mix } };
  for (const name of Object.keys(tuning.mix)) {
    if (!(MOVE_NAMES as readonly string[]).includes(name)) throw new Error(`Tuning.mix names no move ${name}; the moves: ${MOVE_NAMES.join(', ')}`);
  }
  if (!(tuning.peopleWindowShare >= 0 && tuning.peopleWindowShare < 1)) throw new Error('Tuning.peopleWindowShare is a share of the windows below 1');
  if (!(Number.isInteger(tuning.windowPeople) && tuning.windowPeople >= 1)) throw new Error('Tuning.windowPeople is a whole number of people, at least 1');
  if (!(tuning.guideFloor >= 0 && tuning.guideFloor <= 1)) throw new Error('Tuning.guideFloor is a share of the draw from 0 to 1');
  if (!(tuning.windowKindFloor >= 0 && tuning.windowKindFloor <= 0.5)) throw new Error('Tuning.windowKindFloor is a share of the windows from 0 to 0.5');
  if (!(Number.isInteger(tuning.windowMemory) && tuning.windowMemory >= 1)) throw new Error('Tuning.windowMemory is a whole number of windows, at least 1');
  if (!(Number.isInteger(tuning.kickAfterWindows) && tuning.kickAfterWindows >= 0)) throw new Error('Tuning.kickAfterWindows is a whole number of windows, 0 for none');
  if (!(tuning.kickTemperature > 0)) throw new Error('Tuning.kickTemperature is a temperature above 0');
  if (!(tuning.kickMovesPerCell >= 0)) throw new Error('Tuning.kickMovesPerCell is a number of moves a cell, at least 0');
  // Hard first: in the annealing's cost, the changes a repair needs to fill a hole must not outweigh the hole.
  if (problem.reference !== undefined) tuning.hardWeight = Math.max(tuning.hardWeight, tuning.repairHardWeightPerChange * problem.reference.weight);
  return tuning;
}

/** The move shape of the defaults, for a move space made outside a search (the plans' and the bound's). */
export const DEFAULT_MOVE_SHAPE: Readonly<MoveShape> = {
  maxBlock: DEFAULT_TUNING.maxBlock,
  changeOffOneIn: DEFAULT_TUNING.changeOffOneIn,
  blockOffOneIn: DEFAULT_TUNING.blockOffOneIn,
  runShiftDays: DEFAULT_TUNING.runShiftDays,
};
