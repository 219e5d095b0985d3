import { Worker } from 'node:worker_threads';
import type { SolveInput, SolveProgress, SolveResult, Tuning } from './solve.js';

export interface ThreadSolveOptions {
  timeLimitMs: number;
  seed: number;
  maxMoves?: number;
  /** Aborting stops the search between two batches of moves; the promise then resolves with the best so far. */
  signal?: AbortSignal;
  onProgress?(progress: SolveProgress): void;
  tuning?: Partial<Tuning>;
}

/** What the worker thread is handed (structured-cloned). */
export interface SolveWorkerData {
  input: SolveInput;
  timeLimitMs: number;
  seed: number;
  maxMoves?: number;
  tuning?: Partial<Tuning>;
  /** Set to 1 to stop: the search loop cannot read messages, so it polls this shared cell. */
  stop: Int32Array;
}

export type SolveWorkerMessage = { type: 'progress'; progress: SolveProgress } | { type: 'done'; result: SolveResult };

/**
 * Runs `solve` in a worker thread so the event loop keeps serving while it works. The worker is the compiled
 * `solve-worker.js` beside this file: it runs from `dist/` (under jest, which loads the `.ts` sources, only a
 * compiled build can start it).
 */
export function solveInThread(input: SolveInput, options: ThreadSolveOptions): Promise<SolveResult> {
  const stop = new Int32Array(new SharedArrayBuffer(4));
  const data: SolveWorkerData = { input, timeLimitMs: options.timeLimitMs, seed: options.seed, stop };
  if (options.maxMoves !== undefined) data.maxMoves = options.maxMoves;
  if (options.tuning !== undefined) data.tuning = options.tuning;
  return new Promise<SolveResult>((resolve, reject) => {
    const worker = new Worker(new URL('./solve-worker.js', import.meta.url), { workerData: data });
    let settled = false;
    const onAbort = (): void => {
      Atomics.store(stop, 0, 1);
    };
    const finish = (): void => {
      settled = true;
      options.signal?.removeEventListener('abort', onAbort);
    };
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort);
    worker.on('message', (message: SolveWorkerMessage) => {
      if (message.type === 'progress') {
        options.onProgress?.(message.progress);
        return;
      }
      finish();
      resolve(message.result);
    });
    worker.on('error', (error) => {
      if (settled) return;
      finish();
      reject(error);
    });
    worker.on('exit', (code) => {
      if (settled) return;
      finish();
      reject(new Error(`The solver thread exited with code ${code} before it answered`));
    });
  });
}
