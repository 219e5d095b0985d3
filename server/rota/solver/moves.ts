import type { Move } from './move-space.js';
import { changeBlock, changeCell, changeToNeed } from './moves/change.js';
import { retypeRun, shiftRun } from './moves/run.js';
import { swapBlock, swapDay } from './moves/swap.js';
import type { MoveName } from './tuning.js';

export { changeBlock, changeCell, changeToNeed, retypeRun, shiftRun, swapBlock, swapDay };

/** The moves the annealing draws from, by the names `Tuning.mix` weighs them by. */
export const MOVES: Readonly<Record<MoveName, Move>> = { changeCell, changeBlock, swapDay, swapBlock, changeToNeed, shiftRun, retypeRun };
