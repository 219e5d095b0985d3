import { Worker } from 'node:worker_threads';
import { compareScores, copyRoster, type Roster, type Score } from '../problem.js';
import { DEFAULT_TUNING, type SharedBest, type SharedPlan, type SolveInput, type SolveProgress, type SolveResult, type Tuning } from './solve.js';

export interface ThreadSolveOptions {
  timeLimitMs: number;
  seed: number;
  maxMoves?: number;
  /** Aborting stops the search between two batches of moves; the promise then resolves with the best so far. */
  signal?: AbortSignal;
  onProgress?(progress: SolveProgress): void;
  tuning?: Partial<Tuning>;
  /**
   * How many searches run at once, each in a thread of its own (one core each) with a seed of its own; the
   * answer is the best of them. 1 by default.
   */
  threads?: number;
  /**
   * Which threads start from a plan by column generation (`SolveOptions.highs`): the first only (by default; the others
   * anneal from the greedy roster and go on from the first's plan when it comes, if it beats what they have or windows
   * of whole rows follow it; all threads that window share their best roster), all of them, or none.
   */
  planDays?: 'first' | 'all' | 'none';
  /**
   * Also computes a lower bound on the soft score of any roster without hard violations (`rosterLowerBound`), in a
   * thread of its own beside the searches: each bound found reaches `onBound`, the result carries the best, and the
   * solve ends as soon as its best roster has no hard violation and a soft score no higher than the bound (proven
   * optimal: `stoppedBy` 'optimal').
   */
  bound?: boolean;
  onBound?(bound: number): void;
}

/** What the bound's thread is handed (`bound-worker.js`; `stop` is shared with the searches). */
export interface BoundWorkerData {
  input: SolveInput;
  timeLimitMs: number;
  hardWeight: number;
  stop: Int32Array;
}

export type BoundWorkerMessage = { type: 'bound'; bound: number } | { type: 'done'; bound: number | null };

/** What a worker thread is handed (structured-cloned; `stop` is shared). */
export interface SolveWorkerData {
  input: SolveInput;
  timeLimitMs: number;
  seed: number;
  maxMoves?: number;
  tuning?: Partial<Tuning>;
  /** Whether this thread starts from a plan by column generation. */
  planDays: boolean;
  /** Where the planning thread leaves its plan for the others (`sharedPlanOn`), when only one plans. */
  plan?: SharedArrayBuffer;
  /** Where the threads keep their best roster while they re-plan windows (`sharedBestOn`), when there are several. */
  best?: SharedArrayBuffer;
  /** Where this thread's sweep of windows begins (`SolveOptions.sweepPart`): its index over the number of threads. */
  sweepPart: number;
  /** Set to 1 to stop: the search loop cannot read messages, so it polls this shared cell. */
  stop: Int32Array;
}

export type SolveWorkerMessage = { type: 'progress'; progress: SolveProgress } | { type: 'done'; result: SolveResult };

/**
 * Runs `solve` in worker threads so the event loop keeps serving while it works. The worker is the compiled
 * `solve-worker.js` beside this file: it runs from `dist/` (under jest, which loads the `.ts` sources, only a
 * compiled build can start it). With several threads, progress reports the best of all of them, the moves are
 * theirs together, and the result is the best thread's roster.
 */
export async function solveInThread(input: SolveInput, options: ThreadSolveOptions): Promise<SolveResult> {
  const threads = Math.max(1, Math.floor(options.threads ?? 1));
  const stop = new Int32Array(new SharedArrayBuffer(4));
  /** Tells every thread to stop after its current batch of moves. */
  const stopAll = (): void => {
    Atomics.store(stop, 0, 1);
  };
  if (options.signal?.aborted) stopAll();
  options.signal?.addEventListener('abort', stopAll);

  let reported: SolveProgress | null = null;
  let bound: number | null = null;
  let proven = false;
  /** A best roster without hard violations whose soft score the bound reaches cannot be beaten: every thread stops. */
  const proveOptimal = (): void => {
    if (proven || bound === null || reported === null || reported.hard !== 0 || reported.soft > bound) return;
    proven = true;
    stopAll();
  };
  const moves = new Array<number>(threads).fill(0);
  const onProgress = (index: number, progress: SolveProgress): void => {
    moves[index] = progress.moves;
    if (reported !== null && compareScores(progress, reported) >= 0) return;
    reported = { ...progress, moves: moves.reduce((sum, n) => sum + n, 0) };
    options.onProgress?.(reported);
    // A roster without any penalty cannot be beaten: the other threads stop too.
    if (threads > 1 && progress.hard === 0 && progress.soft === 0) stopAll();
    proveOptimal();
  };
  const bounding =
    options.bound === true
      ? runBoundWorker({ input, timeLimitMs: options.timeLimitMs, hardWeight: options.tuning?.hardWeight ?? DEFAULT_TUNING.hardWeight, stop }, (found) => {
          if (bound !== null && found <= bound) return;
          bound = found;
          options.onBound?.(found);
          proveOptimal();
        })
      : null;
  const planning = options.planDays ?? 'first';
  const cells = input.initial.shift.length;
  const plan = threads > 1 && planning === 'first' ? new SharedArrayBuffer(sharedPlanBytes(cells)) : undefined;
  const best = threads > 1 ? new SharedArrayBuffer(sharedBestBytes(cells)) : undefined;
  const runs = Array.from({ length: threads }, (_, index) => {
    const planDays = planning === 'all' || (planning === 'first' && index === 0);
    const data: SolveWorkerData = { input, timeLimitMs: options.timeLimitMs, seed: options.seed + index * 7919, planDays, sweepPart: index / threads, stop };
    if (plan !== undefined) data.plan = plan;
    if (best !== undefined) data.best = best;
    if (options.maxMoves !== undefined) data.maxMoves = options.maxMoves;
    if (options.tuning !== undefined) data.tuning = options.tuning;
    // A thread that fails or exits without an answer stops the others.
    return runWorker(data, (progress) => onProgress(index, progress)).catch((error: unknown) => {
      stopAll();
      throw error;
    });
  });
  try {
    const results = await Promise.allSettled(runs);
    // The searches are over: the bound's thread is not waited for.
    bounding?.terminate();
    const failed = results.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
    const answers = results.map((outcome) => (outcome as PromiseFulfilledResult<SolveResult>).value);
    const best = answers.reduce((a, b) => (compareScores(b.score, a.score) < 0 ? b : a));
    const feasible = answers.map((answer) => answer.firstFeasibleMs).filter((ms): ms is number => ms !== null);
    const optimal = bound !== null && best.score.hard === 0 && best.score.soft <= bound;
    return {
      ...best,
      moves: answers.reduce((sum, answer) => sum + answer.moves, 0),
      firstFeasibleMs: feasible.length > 0 ? Math.min(...feasible) : null,
      ...(options.bound === true ? { bound } : {}),
      ...(optimal ? { stoppedBy: 'optimal' as const } : {}),
    };
  } finally {
    options.signal?.removeEventListener('abort', stopAll);
  }
}

/**
 * The bound's thread (`bound-worker.js` beside this file, compiled as `solve-worker.js` is): each bound it finds goes
 * to `onBound`. A failing bound never fails the solve: the bound stays where it was. `terminate` ends the thread.
 */
function runBoundWorker(data: BoundWorkerData, onBound: (bound: number) => void): { terminate(): void } {
  const worker = new Worker(new URL('./bound-worker.js', import.meta.url), { workerData: data });
  worker.on('message', (message: BoundWorkerMessage) => {
    if (message.bound !== null) onBound(message.bound);
  });
  worker.on('error', () => {});
  return { terminate: () => void worker.terminate() };
}

/** One search in a thread of its own: its answer, or a rejection when the thread fails or exits without one. */
function runWorker(data: SolveWorkerData, onProgress: (progress: SolveProgress) => void): Promise<SolveResult> {
  return new Promise<SolveResult>((resolve, reject) => {
    const worker = new Worker(new URL('./solve-worker.js', import.meta.url), { workerData: data });
    let settled = false;
    worker.on('message', (message: SolveWorkerMessage) => {
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
