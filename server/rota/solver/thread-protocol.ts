import { parentPort, Worker, workerData } from 'node:worker_threads';
import { compareScores, copyRoster, type Roster, type Score } from '../problem.js';
import type { RequirementPrices } from './master-problem.js';
import type { SharedBest, SharedPlan, SharedPrices, SolveInput, SolveOptions, SolveProgress, SolveResult } from './solve.js';
import type { ThreadSolveOptions } from './thread.js';
import { lowerThisThreadsPriority, SEARCH_NICE } from './thread-priority.js';
import type { TuningOverrides } from './tuning.js';

/*
 * How a solve job and its threads talk (docs/solver.md, "Threads"). The job (`solveInThread` in thread.ts) starts a
 * search thread per search (`solve-worker.js`) and, for a bound, one bound thread (`bound-worker.js`). Each is handed its
 * data when it starts (`SearchThreadData`, `BoundThreadData`: structured-cloned, with shared memory in them) and answers
 * by messages (`SearchThreadMessage`, `BoundThreadMessage`). While they search, the threads read no message: they meet
 * only in shared memory, through the stop cell, the shared plan and the shared best roster.
 */

/** Thread `i` of a solve searches with the job's seed + `i` × this (a prime, so the seeds do not line up). */
export const SEED_STRIDE = 7919;

// ---- What the job hands a thread

/** What a search thread is handed. */
export interface SearchThreadData {
  input: SolveInput;
  timeLimitMs: number;
  seed: number;
  maxMoves?: number;
  tuning?: TuningOverrides;
  /** Whether this thread plans by column generation (`SolveOptions.plan`). */
  plans: boolean;
  /** Where the planning thread leaves its plan for the others (`sharedPlanOn`), when only one plans. */
  plan?: SharedArrayBuffer;
  /** Where the threads keep their best roster while they re-plan windows (`sharedBestOn`), when there are several. */
  best?: SharedArrayBuffer;
  /** Where this thread's sweep of windows begins (`SolveOptions.sweepPart`): its index over the number of threads. */
  sweepPart: number;
  /** The stop cell (`stopCell`), shared by every thread of the solve. */
  stop: Int32Array;
  /** Where the bound thread leaves its prices (`sharedPricesOn`), when the solve has a bound. */
  prices?: SharedArrayBuffer;
}

/** What the bound thread is handed. */
export interface BoundThreadData {
  input: SolveInput;
  timeLimitMs: number;
  hardWeight: number;
  /** The stop cell (`stopCell`), shared with the searches. */
  stop: Int32Array;
  /** Where it leaves the prices of its bound over whole rows for the searches (`sharedPricesOn`). */
  prices?: SharedArrayBuffer;
}

/**
 * What each of a solve's `threads` search threads is handed: a seed of its own, whether it plans (`planDays`: the first
 * only, all or none), where its sweep of windows begins, the stop cell, and with several threads the shared best
 * (and, when the first alone plans, the shared plan).
 */
export function searchThreads(input: SolveInput, options: ThreadSolveOptions, threads: number, stop: Int32Array, prices?: SharedArrayBuffer): SearchThreadData[] {
  const planning = options.planDays ?? 'first';
  const cells = input.initial.shift.length;
  const plan = threads > 1 && planning === 'first' ? new SharedArrayBuffer(sharedPlanBytes(cells)) : undefined;
  const best = threads > 1 ? new SharedArrayBuffer(sharedBestBytes(cells)) : undefined;
  return Array.from({ length: threads }, (_, index) => {
    const plans = planning === 'all' || (planning === 'first' && index === 0);
    const data: SearchThreadData = { input, timeLimitMs: options.timeLimitMs, seed: options.seed + index * SEED_STRIDE, plans, sweepPart: index / threads, stop };
    if (plan !== undefined) data.plan = plan;
    if (best !== undefined) data.best = best;
    if (prices !== undefined) data.prices = prices;
    if (options.maxMoves !== undefined) data.maxMoves = options.maxMoves;
    if (options.tuning !== undefined) data.tuning = options.tuning;
    return data;
  });
}

// ---- What a thread answers

/** A search thread's best score improved. */
export interface ProgressMessage {
  type: 'progress';
  progress: SolveProgress;
}
/** A search thread's answer; its last message (the roster's buffers are transferred). */
export interface SearchDoneMessage {
  type: 'done';
  result: SolveResult;
}
export type SearchThreadMessage = ProgressMessage | SearchDoneMessage;

/** The bound thread found a better bound. */
export interface BoundFoundMessage {
  type: 'bound';
  bound: number;
}
/** The bound thread's last message: its best bound, or null. */
export interface BoundDoneMessage {
  type: 'done';
  bound: number | null;
}
export type BoundThreadMessage = BoundFoundMessage | BoundDoneMessage;

// ---- The stop cell

/** One shared `Int32Array` cell: set to 1, every thread stops at its next look (between batches, windows, passes). */
export function stopCell(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4));
}

export function stopThreads(stop: Int32Array): void {
  Atomics.store(stop, 0, 1);
}

/** The stop cell as an abort signal: a search loop reads no message, so it polls the cell. */
export function stopSignal(stop: Int32Array): { readonly aborted: boolean } {
  return {
    get aborted() {
      return Atomics.load(stop, 0) === 1;
    },
  };
}

// ---- The job's side

/**
 * Starts one search thread: its answer, or a rejection when the thread fails or exits without one. The thread is the
 * compiled `solve-worker.js` beside this file.
 */
export function startSearchThread(data: SearchThreadData, onProgress: (progress: SolveProgress) => void): Promise<SolveResult> {
  return new Promise<SolveResult>((resolve, reject) => {
    const worker = new Worker(new URL('./solve-worker.js', import.meta.url), { workerData: data });
    let settled = false;
    worker.on('message', (message: SearchThreadMessage) => {
      if (message.type === 'progress') {
        onProgress(message.progress);
        return;
      }
      settled = true;
      resolve(message.result);
    });
    worker.on('error', (error) => {
      if (settled) return;
      settled = true;
      reject(error);
    });
    worker.on('exit', (code) => {
      if (settled) return;
      settled = true;
      reject(new Error(`The solver thread exited with code ${code} before it answered`));
    });
  });
}

/**
 * Starts the bound thread (the compiled `bound-worker.js` beside this file): each bound it finds goes to `onBound`, and
 * `onEnd` is called once it has ended, however it did. A failing bound never fails the solve: the bound stays where it
 * was. `terminate` ends the thread.
 */
export function startBoundThread(data: BoundThreadData, onBound: (bound: number) => void, onEnd: () => void = () => {}): { terminate(): void } {
  const worker = new Worker(new URL('./bound-worker.js', import.meta.url), { workerData: data });
  worker.on('message', (message: BoundThreadMessage) => {
    if (message.bound !== null) onBound(message.bound);
  });
  worker.on('error', () => {});
  // Settled, failed or terminated: its core is free.
  worker.on('exit', () => onEnd());
  return { terminate: () => void worker.terminate() };
}

// ---- A thread's side

/**
 * A thread's start: its data and a typed way to answer, at nice `nice` (`lowerThisThreadsPriority`; a search's by
 * default).
 */
export function threadStart<Data, Message>(entry: string, nice = SEARCH_NICE): { data: Data; post(message: Message, transfer?: ArrayBuffer[]): void } {
  const port = parentPort;
  if (port === null) throw new Error(`${entry} runs only as a worker thread`);
  lowerThisThreadsPriority(nice);
  return { data: workerData as Data, post: (message, transfer) => port.postMessage(message, transfer) };
}

/**
 * Whether a search thread loads HiGHS of its own: to plan, to re-plan windows of the plan it takes, or (a repair) to
 * re-plan windows around its holes.
 */
export function searchNeedsHighs(data: SearchThreadData): boolean {
  return data.plans || data.plan !== undefined || data.input.problem.reference !== undefined;
}

/**
 * The options of a search thread's `solve`, its deadline `timeLimitMs` from now on the thread's clock `now`, each
 * improvement reported to the job (`options.highs` is the thread's to add: `searchNeedsHighs`).
 */
export function searchOptions(data: SearchThreadData, now: () => number, post: (message: SearchThreadMessage) => void): SolveOptions {
  const cells = data.input.initial.shift.length;
  const options: SolveOptions = {
    now,
    deadline: now() + data.timeLimitMs,
    seed: data.seed,
    signal: stopSignal(data.stop),
    onImprove: (progress) => post({ type: 'progress', progress }),
    sweepPart: data.sweepPart,
  };
  if (data.maxMoves !== undefined) options.maxMoves = data.maxMoves;
  if (data.tuning !== undefined) options.tuning = data.tuning;
  if (!data.plans) options.plan = false;
  if (data.plan !== undefined) options.sharedPlan = sharedPlanOn(data.plan, cells);
  if (data.best !== undefined) options.sharedBest = sharedBestOn(data.best, cells);
  if (data.prices !== undefined) options.boundPrices = sharedPricesOn(data.prices, data.input.problem.optimal.length);
  return options;
}

/** A search thread's answer, its roster's buffers transferred rather than copied. */
export function searchDone(result: SolveResult): [SearchDoneMessage, ArrayBuffer[]] {
  return [{ type: 'done', result }, [result.roster.shift.buffer as ArrayBuffer, result.roster.skill.buffer as ArrayBuffer]];
}

// ---- Shared memory: the plan and the best roster

/** The bytes of a shared plan of `cells` cells: a ready flag, then each cell's shift type and skill. */
export function sharedPlanBytes(cells: number): number {
  return 4 + 4 * cells;
}

/**
 * A plan shared between threads through `buffer` (of `sharedPlanBytes(cells)` bytes): the roster is written, then
 * the ready flag set, so that a thread that reads the flag set reads the whole roster (Atomics order the plain writes
 * before them).
 */
export function sharedPlanOn(buffer: SharedArrayBuffer, cells: number): SharedPlan {
  const ready = new Int32Array(buffer, 0, 1);
  const shift = new Int16Array(buffer, 4, cells);
  const skill = new Int16Array(buffer, 4 + 2 * cells, cells);
  return {
    offer(roster: Roster): void {
      shift.set(roster.shift);
      skill.set(roster.skill);
      Atomics.store(ready, 0, 1);
    },
    take(): Roster | null {
      if (Atomics.load(ready, 0) !== 1) return null;
      return copyRoster({ shift, skill });
    },
  };
}

/** The bytes of a shared best roster of `cells` cells: a lock, whether there is one, its score, then its cells. */
export function sharedBestBytes(cells: number): number {
  return 16 + 4 * cells;
}

/**
 * The best roster of several threads, kept in `buffer` (of `sharedBestBytes(cells)` bytes) under a lock: a thread
 * holds it only to compare a score and copy a roster in or out.
 */
export function sharedBestOn(buffer: SharedArrayBuffer, cells: number): SharedBest {
  const head = new Int32Array(buffer, 0, 4);
  const [LOCK, HELD, HARD, SOFT] = [0, 1, 2, 3];
  const shift = new Int16Array(buffer, 16, cells);
  const skill = new Int16Array(buffer, 16 + 2 * cells, cells);
  const locked = <T>(body: () => T): T => {
    while (Atomics.compareExchange(head, LOCK, 0, 1) !== 0) Atomics.wait(head, LOCK, 1, 1);
    try {
      return body();
    } finally {
      Atomics.store(head, LOCK, 0);
      Atomics.notify(head, LOCK);
    }
  };
  const held = (): Score | null => (Atomics.load(head, HELD) === 1 ? { hard: Atomics.load(head, HARD), soft: Atomics.load(head, SOFT) } : null);
  return {
    offer(roster: Roster, score: Score): void {
      locked(() => {
        const there = held();
        if (there !== null && compareScores(score, there) >= 0) return;
        shift.set(roster.shift);
        skill.set(roster.skill);
        Atomics.store(head, HARD, score.hard);
        Atomics.store(head, SOFT, score.soft);
        Atomics.store(head, HELD, 1);
      });
    },
    takeIfBetter(score: Score): { roster: Roster; score: Score } | null {
      return locked(() => {
        const there = held();
        if (there === null || compareScores(there, score) >= 0) return null;
        return { roster: copyRoster({ shift, skill }), score: there };
      });
    },
  };
}

// ---- Shared memory: the bound's prices

/** The bytes of the shared prices of `requirements` requirements: a version, then each one's price on its optimum and minimum. */
export function sharedPricesBytes(requirements: number): number {
  return 8 + 16 * requirements;
}

/**
 * The bound's latest prices over whole rows, kept in `buffer` (of `sharedPricesBytes(requirements)` bytes) by the bound
 * thread alone and read by the searches (`SolveOptions.boundPrices`): the version is odd while a set is written and
 * even after, so that a reader keeps only a copy read wholly between two equal even versions (0: none yet).
 */
export function sharedPricesOn(buffer: SharedArrayBuffer, requirements: number): SharedPrices & { offer(prices: RequirementPrices): void } {
  const version = new Int32Array(buffer, 0, 1);
  const optimal = new Float64Array(buffer, 8, requirements);
  const minimum = new Float64Array(buffer, 8 + 8 * requirements, requirements);
  return {
    offer(prices: RequirementPrices): void {
      Atomics.add(version, 0, 1);
      optimal.set(prices.optimal.subarray(0, requirements));
      minimum.set(prices.minimum.subarray(0, requirements));
      Atomics.add(version, 0, 1);
    },
    latest(): { version: number; prices: RequirementPrices } | null {
      const before = Atomics.load(version, 0);
      if (before === 0 || before % 2 === 1) return null;
      const prices = { optimal: optimal.slice(), minimum: minimum.slice() };
      return Atomics.load(version, 0) === before ? { version: before, prices } : null;
    },
  };
}
