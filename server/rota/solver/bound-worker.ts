// The bound's worker thread (`solveInThread` with `bound`): the clock is read here, never inside the engine.
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { loadHighs } from './load-highs.js';
import { rosterLowerBound } from './lower-bound.js';
import type { BoundWorkerData, BoundWorkerMessage } from './thread.js';
import { lowerThisThreadsPriority } from './thread-priority.js';

const data = workerData as BoundWorkerData;
const port = parentPort;
if (port === null) throw new Error('bound-worker runs only as a worker thread');

lowerThisThreadsPriority();

const now = (): number => performance.now();
const deadline = now() + data.timeLimitMs;
const bound = rosterLowerBound(data.input, await loadHighs(), {
  now,
  deadline,
  hardWeight: data.hardWeight,
  stopped: () => Atomics.load(data.stop, 0) === 1,
  onBound: (value) => port.postMessage({ type: 'bound', bound: value } satisfies BoundWorkerMessage),
});
port.postMessage({ type: 'done', bound } satisfies BoundWorkerMessage);
