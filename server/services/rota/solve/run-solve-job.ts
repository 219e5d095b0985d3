import { performance } from 'node:perf_hooks';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Clock } from '../../../clock.js';
import { Schedule } from '../../../db/entities/schedule.js';
import type { SolveProgressPoint } from '../../../db/entities/solve-job.js';
import type { SolveInput, SolveResult } from '../../../rota/solver/solve.js';
import type { ThreadSolveOptions } from '../../../rota/solver/thread.js';
import { isDatabaseUnavailable } from '../../../db/database-unavailable.js';
import { buildRosterProblem } from '../schedules/build-roster-problem.js';
import { schedulePeriod } from '../schedules/schedule-view.js';
import { repairProblem, repairProposal, repairRequestOf } from './repair-proposal.js';
import { saveSolvedRoster } from './save-solved-roster.js';
import { solveGap } from './solve-job-view.js';
import {
  cancelClaimedSolveJob,
  claimSolveJob,
  failAbandonedSolveJob,
  failSolveJob,
  finishSolveJob,
  recordRepairProposal,
  recordSolveProgress,
  requeueSolveJob,
} from './solve-job-transitions.js';
import type { SolveJobData } from './solve-queue.js';

/** Runs the solver off the event loop: `solveInThread` in production, the compiled one in tests. */
export type SolverRunner = (input: SolveInput, options: ThreadSolveOptions) => Promise<SolveResult>;

export interface SolveJobDeps {
  orm: MikroORM;
  clock: Clock;
  runSolver: SolverRunner;
  logger?: Logger;
  /** Aborted when this process stops: the attempt is handed back to the queue for another worker. */
  stopping?: AbortSignal;
  /** Aborted when the queue says this worker no longer holds the job (its heartbeat lapsed). */
  lost?: AbortSignal;
  /** Told of each better roster and each better bound as the solver finds them (the process's metrics). */
  onProgress?: (standing: { hard: number; soft: number; gap: number | null }) => void;
  /** How often progress is written and the cancel mark read; 1 s unless a test wants otherwise. */
  tickMs?: number;
  /** How long to wait before writing an attempt's end again when the database did not answer; 2 s unless a test wants otherwise. */
  retryMs?: number;
}

/** How long a worker goes on trying to write how its attempt ended while the database does not answer. */
const ANSWER_PATIENCE_MS = 10 * 60_000;

/**
 * How an attempt ended: `done` / `cancelled` / `failed` are recorded on the job; `skipped` means the job was
 * already over (cancelled while queued, deleted with its schedule); `lost` means another attempt owns it now
 * and nothing was written; `released` means this process is stopping and the job is queued again.
 */
export type SolveJobOutcome = 'done' | 'cancelled' | 'failed' | 'skipped' | 'lost' | 'released';

/** Thrown inside the write-back transaction when the attempt is no longer this worker's. */
class AttemptLost extends Error {}

/**
 * `write`, again every `retryMs` while the database does not answer (a dead path, a restart), until it does, the
 * process stops, the queue takes the job away, or the patience runs out; any other failure at once. So an attempt
 * whose end could not be written while the database was away writes it when it is back, and the job is not left
 * `running` behind a worker that is still alive. Past that, the error goes to the queue, which runs the job again.
 */
async function onceAnswered<T>(deps: SolveJobDeps, jobId: number, what: string, write: () => Promise<T>): Promise<T> {
  const started = Date.now();
  for (let tries = 1; ; tries++) {
    try {
      return await write();
    } catch (error) {
      const giveUp = !isDatabaseUnavailable(error) || deps.stopping?.aborted || deps.lost?.aborted || Date.now() - started > ANSWER_PATIENCE_MS;
      if (giveUp) throw error;
      deps.logger?.warn({ err: error, solveJobId: jobId, tries }, `${what}: the database did not answer, trying again`);
      await new Promise((resolve) => setTimeout(resolve, deps.retryMs ?? 2000));
    }
  }
}

/**
 * One attempt at a solve job (docs/rota.md §8), the whole of what a worker does with a message of the solve
 * queue, and callable without the queue: claim the job row, build the schedule's problem (pinned cells kept,
 * approved leave as leave), run the solver in a worker thread, write its best score and progress at most
 * once per tick while reading the cancel mark, then write the roster's unpinned cells back and bump the
 * schedule's version; a repair (docs/rota.md §11.2) writes its proposal on the job instead and leaves the schedule
 * alone. Every write names the attempt, so a worker that lost the job writes nothing.
 */
export async function runSolveJob(deps: SolveJobDeps, data: SolveJobData): Promise<SolveJobOutcome> {
  const em = deps.orm.em.fork();
  const startedAt = deps.clock.now();
  const claim = await claimSolveJob(em, data.solveJobId, startedAt);
  if (!claim) return 'skipped';
  if (claim.cancelRequested) {
    await cancelClaimedSolveJob(em, claim, deps.clock.now());
    return 'cancelled';
  }

  const progress: SolveProgressPoint[] = [];
  let pending: SolveProgressPoint | null = null;
  /** The best score so far and the best lower bound on its soft score (docs/rota.md §12), as the solver reports them. */
  const known: { best: { hard: number; soft: number } | null; bound: number | null } = { best: null, bound: null };
  let solveStart = performance.now();
  const point = (elapsedMs: number): SolveProgressPoint | null => {
    const { best, bound } = known;
    return best === null ? null : { elapsedMs: Math.round(elapsedMs), ...best, bound, gap: bound === null ? null : solveGap(best.soft, bound) };
  };
  let cancelled = false;
  let lost = false;
  const stop = new AbortController();
  const signals = [stop.signal, deps.stopping, deps.lost].filter((signal): signal is AbortSignal => signal !== undefined);

  const tick = async (): Promise<void> => {
    if (pending) progress.push(pending);
    pending = null;
    const recorded = await recordSolveProgress(em, claim, progress);
    if (!recorded) lost = true;
    else if (recorded.cancelRequested) cancelled = true;
    if (lost || cancelled) stop.abort();
  };
  let ticking: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    ticking = ticking.then(tick).catch((error: unknown) => deps.logger?.warn({ err: error, solveJobId: data.solveJobId }, 'solve progress not written'));
  }, deps.tickMs ?? 1000);

  try {
    const schedule = await em.findOneOrFail(Schedule, claim.scheduleId);
    const built = await buildRosterProblem(em, schedulePeriod(schedule));
    // A repair (docs/rota.md §11.2) starts from the roster as it stands, its reference, and plans nothing from scratch.
    const repair = await repairRequestOf(em, claim.jobId);
    const problem = repair === null ? built.problem : repairProblem(built, repair);
    solveStart = performance.now();
    const result = await deps.runSolver(
      { problem, initial: built.roster, pinned: built.pinned },
      {
        ...(repair === null ? {} : { planDays: 'none' as const }),
        timeLimitMs: claim.timeLimitSeconds * 1000,
        seed: data.solveJobId * 1000 + claim.attempt,
        signal: AbortSignal.any(signals),
        // A repair's objective counts its changes: the bound of §12 is not its bound, and stays null.
        bound: repair === null,
        onProgress: (report) => {
          known.best = { hard: report.hard, soft: report.soft };
          pending = point(report.elapsedMs);
          if (pending) deps.onProgress?.({ hard: pending.hard, soft: pending.soft, gap: pending.gap ?? null });
        },
        onBound: (found) => {
          known.bound = found;
          pending = point(performance.now() - solveStart) ?? pending;
          if (pending) deps.onProgress?.({ hard: pending.hard, soft: pending.soft, gap: pending.gap ?? null });
        },
      },
    );
    clearInterval(timer);
    await ticking;
    if (lost || deps.lost?.aborted) return 'lost';
    if (deps.stopping?.aborted && !cancelled) {
      await requeueSolveJob(em, claim);
      return 'released';
    }

    const bound = result.bound != null && (known.bound === null || result.bound > known.bound) ? result.bound : known.bound;
    const final: SolveProgressPoint = {
      elapsedMs: Math.max(0, deps.clock.now().getTime() - startedAt.getTime()),
      ...result.score,
      bound,
      gap: bound === null ? null : solveGap(result.score.soft, bound),
    };
    if (pending) progress.push(pending);
    const last = progress.at(-1);
    if (!last || last.hard !== final.hard || last.soft !== final.soft || (last.bound ?? null) !== final.bound) progress.push(final);
    const status = cancelled ? 'cancelled' : 'done';
    try {
      await onceAnswered(deps, data.solveJobId, 'solved roster not written', () => em.transactional(async (tx) => {
        // The schedule's lock first, as edits and starts take it, then the job row.
        const [locked] = await tx.execute<{ version: number }[]>('select version from schedule where id = ? for update', [claim.scheduleId]);
        if (!(await finishSolveJob(tx, claim, { status, best: result.score, bound, progress }, deps.clock.now()))) throw new AttemptLost();
        // A repair's roster is only proposed: edits wait while the job runs, so the version is the one it started on.
        if (repair !== null) return recordRepairProposal(tx, claim, repairProposal(built, problem, result.roster, locked!.version));
        const saved = await saveSolvedRoster(tx, built, result.roster, { scheduleId: claim.scheduleId, wardId: claim.wardId, actorId: claim.requestedById }, deps.clock.now());
        if (saved.dropped > 0) deps.logger?.info({ solveJobId: data.solveJobId, dropped: saved.dropped }, 'solved cells the rules of now forbid were left empty');
      }));
    } catch (error) {
      if (error instanceof AttemptLost) return 'lost';
      throw error;
    }
    return status;
  } catch (error) {
    clearInterval(timer);
    await ticking;
    deps.logger?.error({ err: error, solveJobId: data.solveJobId }, 'solve failed');
    const message = String(error instanceof Error ? error.message : error);
    await onceAnswered(deps, data.solveJobId, 'failure not written', () => failSolveJob(em, claim, message, deps.clock.now()));
    return 'failed';
  }
}

/** The queue gave up on a job (every attempt's worker died or stopped): it is failed, and frees its schedule. */
export async function failAbandonedSolve(orm: MikroORM, clock: Clock, data: SolveJobData): Promise<void> {
  await failAbandonedSolveJob(orm.em.fork(), data.solveJobId, clock.now());
}
