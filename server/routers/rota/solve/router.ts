import { router } from '../../../trpc/init.js';
import { applyProposal } from './apply-proposal.js';
import { read } from './read.js';
import { start } from './start.js';
import { stop } from './stop.js';

/** Automatic generation of a schedule (docs/rota.md §8). */
export const solveRouter = router({ start, read, stop, applyProposal });
