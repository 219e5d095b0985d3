import type { EntityManager } from '@mikro-orm/postgresql';
import type { RepairProposal, SolveProgressPoint } from '../../../db/entities/solve-job.js';

/**
 * Every change of a solve job's state, one function each (docs/rota.md §8): its progress, a repair's proposal written
 * and applied, and its status, which moves
 *
 *   queued ──claim──▶ running ──finish──▶ done | cancelled   (cancelClaimed: before any search)
 *     │                 │ ├──fail──────▶ failed
 *     │                 │ └──requeue───▶ queued       (its process is stopping)
 *     ├──stop──────────────────────────▶ cancelled    (a running one is only marked)
 *     └──failUnqueued──────────────────▶ failed       (its message never reached the queue)
 *   queued | running ──failAbandoned──▶ failed        (the queue gave up on every attempt)
 *
 * Each statement carries its fence: the conditions under which the write still belongs to its caller.
 * A worker names its attempt (`id`, `attempt`, status `running`), so a worker that lost the job to a
 * later attempt, or whose job was failed or finished meanwhile, changes nothing; the caller learns it
 * from the answer (null or false) where it matters.
 */

/** One attempt's hold on a job: its writes land only while the row is `running` under this attempt. */
export interface SolveAttempt {
  jobId: number;
  attempt: number;
}

/** What a worker learns of the job it claimed. */
export interface SolveClaim extends SolveAttempt {
  scheduleId: number;
  wardId: number;
  requestedById: number | null;
  timeLimitSeconds: number;
  cancelRequested: boolean;
}

/**
 * queued → running (or running → running: the queue handed a dead worker's job to another), as a new
 * attempt whose progress starts empty. Null when the job is over (cancelled while queued, failed, deleted).
 */
export async function claimSolveJob(em: EntityManager, jobId: number, now: Date): Promise<SolveClaim | null> {
  const [row] = await em.execute<
    { attempt: number; schedule_id: number; ward_id: number; requested_by_id: number | null; time_limit_seconds: number; cancel_requested_at: Date | null }[]
  >(
    `update solve_job set status = 'running', attempt = attempt + 1, started_at = ?, progress = '[]'::jsonb, best_hard = null, best_soft = null, bound = null
      where id = ? and status in ('queued', 'running')
      returning attempt, schedule_id, ward_id, requested_by_id, time_limit_seconds, cancel_requested_at`,
    [now, jobId],
  );
  if (!row) return null;
  return {
    jobId,
    attempt: row.attempt,
    scheduleId: row.schedule_id,
    wardId: row.ward_id,
    requestedById: row.requested_by_id,
    timeLimitSeconds: row.time_limit_seconds,
    cancelRequested: row.cancel_requested_at !== null,
  };
}

/**
 * running → running: the attempt's progress so far, its best score and lower bound (the last point's). Answers
 * whether a stop was asked for, or null when the attempt no longer holds the job.
 */
export async function recordSolveProgress(em: EntityManager, held: SolveAttempt, progress: SolveProgressPoint[]): Promise<{ cancelRequested: boolean } | null> {
  const last = progress.at(-1);
  const [row] = await em.execute<{ cancel_requested_at: Date | null }[]>(
    `update solve_job set progress = ?::jsonb, best_hard = ?, best_soft = ?, bound = ?
      where id = ? and attempt = ? and status = 'running' returning cancel_requested_at`,
    [JSON.stringify(progress), last?.hard ?? null, last?.soft ?? null, last?.bound ?? null, held.jobId, held.attempt],
  );
  return row ? { cancelRequested: row.cancel_requested_at !== null } : null;
}

/**
 * running → done | cancelled with the attempt's best score, lower bound and progress. Called inside the write-back's
 * transaction, after the schedule's lock: false when the attempt no longer holds the job (nothing may be written).
 */
export async function finishSolveJob(
  tx: EntityManager,
  held: SolveAttempt,
  outcome: { status: 'done' | 'cancelled'; best: { hard: number; soft: number }; bound: number | null; progress: SolveProgressPoint[] },
  now: Date,
): Promise<boolean> {
  const rows = await tx.execute(
    `update solve_job set status = ?, finished_at = ?, best_hard = ?, best_soft = ?, bound = ?, progress = ?::jsonb
      where id = ? and attempt = ? and status = 'running' returning id`,
    [outcome.status, now, outcome.best.hard, outcome.best.soft, outcome.bound, JSON.stringify(outcome.progress), held.jobId, held.attempt],
  );
  return rows.length > 0;
}

/** A finished repair's proposal, written with its finish (inside the same transaction, under the same fence). */
export async function recordRepairProposal(tx: EntityManager, held: SolveAttempt, proposal: RepairProposal): Promise<void> {
  await tx.execute('update solve_job set proposal = ?::jsonb where id = ? and attempt = ?', [JSON.stringify(proposal), held.jobId, held.attempt]);
}

/**
 * A finished repair's proposal applied, by whom and when: false when it was applied already (of two applies of one
 * job, only the first marks it).
 */
export async function markRepairApplied(tx: EntityManager, jobId: number, appliedById: number, now: Date): Promise<boolean> {
  const rows = await tx.execute('update solve_job set applied_at = ?, applied_by_id = ? where id = ? and applied_at is null returning id', [now, appliedById, jobId]);
  return rows.length > 0;
}

/** running → cancelled before any search: the stop was asked for while the job was being claimed. */
export async function cancelClaimedSolveJob(em: EntityManager, held: SolveAttempt, now: Date): Promise<void> {
  await em.execute("update solve_job set status = 'cancelled', finished_at = ? where id = ? and attempt = ? and status = 'running'", [now, held.jobId, held.attempt]);
}

/** running → queued: this attempt's process is stopping before the solve ended; the queue gives it to another. */
export async function requeueSolveJob(em: EntityManager, held: SolveAttempt): Promise<void> {
  await em.execute(
    "update solve_job set status = 'queued', started_at = null, progress = '[]'::jsonb, best_hard = null, best_soft = null, bound = null where id = ? and attempt = ? and status = 'running'",
    [held.jobId, held.attempt],
  );
}

/** running → failed, with why (for the logs and operators; never shown to API callers). */
export async function failSolveJob(em: EntityManager, held: SolveAttempt, error: string, now: Date): Promise<void> {
  await em.execute("update solve_job set status = 'failed', finished_at = ?, error = ? where id = ? and attempt = ? and status = 'running'", [
    now,
    error.slice(0, 500),
    held.jobId,
    held.attempt,
  ]);
}

/** queued → failed: the job's message could not be put on the queue, so no worker would ever take it. */
export async function failUnqueuedSolveJob(em: EntityManager, jobId: number, now: Date): Promise<void> {
  await em.execute("update solve_job set status = 'failed', error = 'could not be queued', finished_at = ? where id = ? and status = 'queued'", [now, jobId]);
}

/** queued | running → failed: the queue gave up on the job (every attempt's worker died or stopped). */
export async function failAbandonedSolveJob(em: EntityManager, jobId: number, now: Date): Promise<void> {
  await em.execute("update solve_job set status = 'failed', finished_at = ?, error = 'abandoned by its workers' where id = ? and status in ('queued', 'running')", [
    now,
    jobId,
  ]);
}

/**
 * queued → cancelled at once; a running job is marked (`cancel_requested_at`), and the worker running it
 * stops at its next progress write. One statement: a worker claiming the job at this moment either sees
 * it cancelled or sees the mark. A finished job is left as it is.
 */
export async function requestSolveStop(em: EntityManager, jobId: number, now: Date): Promise<void> {
  await em.execute(
    `update solve_job
        set status = case when status = 'queued' then 'cancelled' else status end,
            finished_at = case when status = 'queued' then ?::timestamptz else finished_at end,
            cancel_requested_at = coalesce(cancel_requested_at, ?::timestamptz)
      where id = ? and status in ('queued', 'running')`,
    [now, now, jobId],
  );
}
