// The worker thread's entry: the clock is read here, never inside the engine.
import { loadHighs } from './load-highs.js';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { solve, type SolveOptions } from './solve.js';
import { sharedBestOn, sharedPlanOn, type SolveWorkerData, type SolveWorkerMessage } from './thread.js';
import { lowerThisThreadsPriority } from './thread-priority.js';

const data = workerData as SolveWorkerData;
const port = parentPort;
if (port === null) throw new Error('solve-worker runs only as a worker thread');

lowerThisThreadsPriority();

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
// A thread that takes another's plan re-plans windows of it with HiGHS of its own (`SolveOptions.plan`), as a repair
// re-plans windows around its holes.
if (data.planDays || data.plan !== undefined || data.input.problem.reference !== undefined) options.highs = await loadHighs();
if (!data.planDays) options.plan = false;
if (data.plan !== undefined) options.sharedPlan = sharedPlanOn(data.plan, data.input.initial.shift.length);
if (data.best !== undefined) options.sharedBest = sharedBestOn(data.best, data.input.initial.shift.length);
options.sweepPart = data.sweepPart;
const result = solve(data.input, options);
port.postMessage({ type: 'done', result } satisfies SolveWorkerMessage, [result.roster.shift.buffer as ArrayBuffer, result.roster.skill.buffer as ArrayBuffer]);

