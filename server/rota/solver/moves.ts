import type { Move } from './move-space.js';
import { changeBlock, changeCell, changeToNeed } from './moves/change.js';
import { retypeRun, shiftRun } from './moves/run.js';
import { swapBlock, swapDay } from './moves/swap.js';

export { changeBlock, changeCell, changeToNeed, retypeRun, shiftRun, swapBlock, swapDay };

/** The moves the search draws from, in the order of `Tuning.mix`'s weights. */
export const MOVES: readonly Move[] = [changeCell, changeBlock, swapDay, swapBlock, changeToNeed, shiftRun, retypeRun];
