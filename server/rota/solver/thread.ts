import { performance } from 'node:perf_hooks';
import { compareScores } from '../problem.js';
import type { SolveInput, SolveProgress, SolveResult } from './solve.js';
import { searchThreads, sharedPricesBytes, startBoundThread, startSearchThread, stopCell, stopSignal, stopThreads, type SearchThreadData } from './thread-protocol.js';
import { DEFAULT_TUNING, type TuningOverrides } from './tuning.js';

/** A search that would start with less time left than this does not start (`solveInThread`'s waiting search). */
const MIN_LATE_SEARCH_MS = 1000;

export interface ThreadSolveOptions {
  timeLimitMs: number;
  seed: number;
  maxMoves?: number;
  /** Aborting stops the search between two batches of moves; the promise then resolves with the best so far. */
  signal?: AbortSignal;
  onProgress?(progress: SolveProgress): void;
  tuning?: TuningOverrides;
  /**
   * How many searches run, each in a thread of its own (one core each) with a seed of its own; the answer is the best
   * of them. 1 by default. With `bound` and more than one, the last waits for the bound's thread to end: the solve
   * takes `threads` cores at once, never more.
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
   * thread of its own beside the searches (in place of the last search while it runs, with several): each bound found
   * reaches `onBound`, the result carries the best, and the solve ends as soon as its best roster has no hard violation
   * and a soft score no higher than the bound (proven optimal: `stoppedBy` 'optimal').
   */
  bound?: boolean;
  onBound?(bound: number): void;
}

/**
 * Runs `solve` in worker threads so the event loop keeps serving while it works, by the protocol of
 * `thread-protocol.ts`. The threads are the compiled `solve-worker.js` and `bound-worker.js` beside it: they run from
 * `dist/` (under jest, which loads the `.ts` sources, only a compiled build can start them). With several threads,
 * progress reports the best of all of them, the moves are theirs together, and the result is the best thread's roster.
 */
export async function solveInThread(input: SolveInput, options: ThreadSolveOptions): Promise<SolveResult> {
  const threads = Math.max(1, Math.floor(options.threads ?? 1));
  const stop = stopCell();
  /** Tells every thread to stop after its current batch of moves. */
  const stopAll = (): void => stopThreads(stop);
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
  const started = performance.now();
  // The bound's prices go to the searches, whose windows of people draw by them.
  const prices = options.bound === true ? new SharedArrayBuffer(sharedPricesBytes(input.problem.optimal.length)) : undefined;
  const layout = searchThreads(input, options, threads, stop, prices);
  /** Starts search `index` `delayMs` after the solve began, its reports and answer on the solve's clock. */
  const run = (index: number, data: SearchThreadData, delayMs: number): Promise<SolveResult> =>
    startSearchThread(data, (progress) => onProgress(index, { ...progress, elapsedMs: progress.elapsedMs + delayMs })).then(
      (result) => ({ ...result, firstFeasibleMs: result.firstFeasibleMs === null ? null : result.firstFeasibleMs + delayMs }),
      (error: unknown) => {
        // A thread that fails or exits without an answer stops the others.
        stopAll();
        throw error;
      },
    );
  // One thread per core: beside the bound's thread, the last search starts only once the bound's thread has ended
  // (settled and branched, or failed), with the time left, and takes up the others' plan and best roster.
  const waiting = options.bound === true && threads > 1 ? threads - 1 : -1;
  let boundEnded = (): void => {};
  const boundEnd = new Promise<void>((resolve) => (boundEnded = resolve));
  const bounding =
    options.bound === true
      ? startBoundThread(
          { input, timeLimitMs: options.timeLimitMs, hardWeight: options.tuning?.hardWeight ?? DEFAULT_TUNING.hardWeight, stop, ...(prices === undefined ? {} : { prices }) },
          (found) => {
            if (bound !== null && found <= bound) return;
            bound = found;
            options.onBound?.(found);
            proveOptimal();
          },
          () => boundEnded(),
        )
      : null;
  const searches = layout.filter((_, index) => index !== waiting).map((data, index) => run(index, data, 0));
  const runs: Promise<SolveResult | null>[] = [...searches];
  if (waiting >= 0) {
    // Whichever comes first: the bound's thread ends, or the other searches are over (and stop it: it never starts).
    const late = Promise.race([boundEnd, Promise.allSettled(searches).then(stopAll)]).then(() => {
      const delayMs = performance.now() - started;
      const left = options.timeLimitMs - delayMs;
      return stopSignal(stop).aborted || left < MIN_LATE_SEARCH_MS ? null : run(waiting, { ...layout[waiting]!, timeLimitMs: left }, delayMs);
    });
    runs.push(late);
  }
  try {
    const results = await Promise.allSettled(runs);
    // The searches are over: the bound's thread is not waited for.
    bounding?.terminate();
    const failed = results.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
    const answers = results.map((outcome) => (outcome as PromiseFulfilledResult<SolveResult | null>).value).filter((answer): answer is SolveResult => answer !== null);
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
