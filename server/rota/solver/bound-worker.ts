// The bound thread's entry (the protocol is thread-protocol.ts): the clock is read here, never inside the engine.
import { performance } from 'node:perf_hooks';
import { loadHighs } from './load-highs.js';
import type { RequirementPrices } from './master-problem.js';
import { solveBranch } from './branch.js';
import { boundRelaxation, rosterLowerBound } from './lower-bound.js';
import { BOUND_NICE } from './thread-priority.js';
import { sharedPricesOn, stopSignal, threadStart, type BoundThreadData, type BoundThreadMessage } from './thread-protocol.js';

const { data, post } = threadStart<BoundThreadData, BoundThreadMessage>('bound-worker', BOUND_NICE);
const now = (): number => performance.now();
const deadline = now() + data.timeLimitMs;
const stop = stopSignal(data.stop);
const over = boundRelaxation(data.input.problem, data.timeLimitMs);
// Over whole rows, each rise's prices go to the searches (over working days they price other requirements).
const prices = over === 'rows' && data.prices !== undefined ? sharedPricesOn(data.prices, data.input.problem.optimal.length) : null;
const bound = rosterLowerBound(data.input, await loadHighs(), {
  now,
  deadline,
  hardWeight: data.hardWeight,
  over,
  ...(prices === null ? {} : { onPrices: (found: RequirementPrices) => prices.offer(found) }),
  branch: solveBranch(data.timeLimitMs),
  stopped: () => stop.aborted,
  onBound: (value) => post({ type: 'bound', bound: value }),
});
post({ type: 'done', bound });
