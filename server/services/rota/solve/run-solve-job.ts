import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Clock } from '../../../clock.js';
import { Schedule } from '../../../db/entities/schedule.js';
import type { SolveProgressPoint } from '../../../db/entities/solve-job.js';
import type { SolveInput, SolveResult } from '../../../rota/solver/solve.js';
import type { ThreadSolveOptions } from '../../../rota/solver/thread.js';
import { buildRosterProblem } from '../schedules/build-roster-problem.js';
import { schedulePeriod } from '../schedules/schedule-view.js';
import { saveSolvedRoster } from './save-solved-roster.js';
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
  /** How often progress is written and the cancel mark read; 1 s unless a test wants otherwise. */
  tickMs?: number;
}

/**
 * How an attempt ended: `done` / `cancelled` / `failed` are recorded on the job; `skipped` means the job was
 * already over (cancelled while queued, deleted with its schedule); `lost` means another attempt owns it now
 * and nothing was written; `released` means this process is stopping and the job is queued again.
 */
export type SolveJobOutcome = 'done' | 'cancelled' | 'failed' | 'skipped' | 'lost' | 'released';

interface Claim {
  attempt: number;
  schedule_id: number;
  ward_id: number;
  requested_by_id: number | null;
  time_limit_seconds: number;
  cancel_requested_at: Date | null;
}

/** Thrown inside the write-back transaction when the attempt is no longer this worker's. */
class AttemptLost extends Error {}

/**
 * One attempt at a solve job (docs/rota.md §8), the whole of what a worker does with a message of the solve
 * queue, and callable without the queue: claim the job row, build the schedule's problem (pinned cells kept,
 * approved leave as leave), run the solver in a worker thread, write its best score and progress at most
 * once per tick while reading the cancel mark, then write the roster's unpinned cells back and bump the
 * schedule's version. Every write names the attempt, so a worker that lost the job writes nothing.
 */
export async function runSolveJob(deps: SolveJobDeps, data: SolveJobData): Promise<SolveJobOutcome> {
  const em = deps.orm.em.fork();
  const startedAt = deps.clock.now();
  const [claim] = await em.execute<Claim[]>(
    `update solve_job set status = 'running', attempt = attempt + 1, started_at = ?, progress = '[]'::jsonb, best_hard = null, best_soft = null
      where id = ? and status in ('queued', 'running')
      returning attempt, schedule_id, ward_id, requested_by_id, time_limit_seconds, cancel_requested_at`,
    [startedAt, data.solveJobId],
  );
  if (!claim) return 'skipped';
  const fence = [data.solveJobId, claim.attempt];
  if (claim.cancel_requested_at !== null) {
    await finish(em, fence, 'cancelled', deps.clock.now());
    return 'cancelled';
  }

  const progress: SolveProgressPoint[] = [];
  let pending: SolveProgressPoint | null = null;
  let cancelled = false;
  let lost = false;
  const stop = new AbortController();
  const signals = [stop.signal, deps.stopping, deps.lost].filter((signal): signal is AbortSignal => signal !== undefined);

  const tick = async (): Promise<void> => {
    if (pending) progress.push(pending);
    pending = null;
    const last = progress.at(-1);
    const rows = await em.execute<{ cancel_requested_at: Date | null }[]>(
      `update solve_job set progress = ?::jsonb, best_hard = ?, best_soft = ?
        where id = ? and attempt = ? and status = 'running' returning cancel_requested_at`,
      [JSON.stringify(progress), last?.hard ?? null, last?.soft ?? null, ...fence],
    );
    if (rows.length === 0) lost = true;
    else if (rows[0]!.cancel_requested_at !== null) cancelled = true;
    if (lost || cancelled) stop.abort();
  };
  let ticking: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    ticking = ticking.then(tick).catch((error: unknown) => deps.logger?.warn({ err: error, solveJobId: data.solveJobId }, 'solve progress not written'));
  }, deps.tickMs ?? 1000);

  try {
    const schedule = await em.findOneOrFail(Schedule, claim.schedule_id);
    const built = await buildRosterProblem(em, schedulePeriod(schedule));
    const result = await deps.runSolver(
      { problem: built.problem, initial: built.roster, pinned: built.pinned },
      {
        timeLimitMs: claim.time_limit_seconds * 1000,
        seed: data.solveJobId * 1000 + claim.attempt,
        signal: AbortSignal.any(signals),
        onProgress: (report) => {
          pending = { elapsedMs: Math.round(report.elapsedMs), hard: report.hard, soft: report.soft };
        },
      },
    );
    clearInterval(timer);
    await ticking;
    if (lost || deps.lost?.aborted) return 'lost';
    if (deps.stopping?.aborted && !cancelled) {
      await em.execute(
        "update solve_job set status = 'queued', started_at = null, progress = '[]'::jsonb, best_hard = null, best_soft = null where id = ? and attempt = ? and status = 'running'",
        fence,
      );
      return 'released';
    }

    const final = { elapsedMs: Math.max(0, deps.clock.now().getTime() - startedAt.getTime()), ...result.score };
    if (pending) progress.push(pending);
    const last = progress.at(-1);
    if (!last || last.hard !== final.hard || last.soft !== final.soft) progress.push(final);
    const status = cancelled ? 'cancelled' : 'done';
    try {
      await em.transactional(async (tx) => {
        // The schedule's lock first, as edits and starts take it, then the job row.
        await tx.execute('select id from schedule where id = ? for update', [claim.schedule_id]);
        const mine = await tx.execute(
          `update solve_job set status = ?, finished_at = ?, best_hard = ?, best_soft = ?, progress = ?::jsonb
            where id = ? and attempt = ? and status = 'running' returning id`,
          [status, deps.clock.now(), result.score.hard, result.score.soft, JSON.stringify(progress), ...fence],
        );
        if (mine.length === 0) throw new AttemptLost();
        await saveSolvedRoster(tx, built, result.roster, { scheduleId: claim.schedule_id, wardId: claim.ward_id, actorId: claim.requested_by_id }, deps.clock.now());
      });
    } catch (error) {
      if (error instanceof AttemptLost) return 'lost';
      throw error;
    }
    return status;
  } catch (error) {
    clearInterval(timer);
    await ticking;
    deps.logger?.error({ err: error, solveJobId: data.solveJobId }, 'solve failed');
    await em.execute(
      "update solve_job set status = 'failed', finished_at = ?, error = ? where id = ? and attempt = ? and status = 'running'",
      [deps.clock.now(), String(error instanceof Error ? error.message : error).slice(0, 500), ...fence],
    );
    return 'failed';
  }
}

async function finish(em: EntityManager, fence: number[], status: 'cancelled', now: Date): Promise<void> {
  await em.execute("update solve_job set status = ?, finished_at = ? where id = ? and attempt = ? and status = 'running'", [status, now, ...fence]);
}

/** The queue gave up on a job (every attempt's worker died or stopped): it is failed, and frees its schedule. */
export async function failAbandonedSolveJob(orm: MikroORM, clock: Clock, data: SolveJobData): Promise<void> {
  await orm.em
    .fork()
    .execute("update solve_job set status = 'failed', finished_at = ?, error = 'abandoned by its workers' where id = ? and status in ('queued', 'running')", [
      clock.now(),
      data.solveJobId,
    ]);
}
