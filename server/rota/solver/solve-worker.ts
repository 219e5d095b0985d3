// The worker thread's entry: the clock is read here, never inside the engine.
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { solve, type SolveOptions } from './solve.js';
import type { SolveWorkerData, SolveWorkerMessage } from './thread.js';

const data = workerData as SolveWorkerData;
const port = parentPort;
if (port === null) throw new Error('solve-worker runs only as a worker thread');

const now = (): number => performance.now();
const options: SolveOptions = {
  now,
  deadline: now() + data.timeLimitMs,
  seed: data.seed,
  signal: { get aborted() { return Atomics.load(data.stop, 0) === 1; } },
  onImprove: (progress) => port.postMessage({ type: 'progress', progress } satisfies SolveWorkerMessage),
};
if (data.maxMoves !== undefined) options.maxMoves = data.maxMoves;
if (data.tuning !== undefined) options.tuning = data.tuning;
const result = solve(data.input, options);
port.postMessage({ type: 'done', result } satisfies SolveWorkerMessage, [result.roster.shift.buffer as ArrayBuffer, result.roster.skill.buffer as ArrayBuffer]);
