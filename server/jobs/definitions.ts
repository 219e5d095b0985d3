import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Metrics } from '../metrics/metrics.js';
import { purgeExpiredRecords } from '../services/maintenance/purge-expired-records.js';
import { failAbandonedSolve, runSolveJob, type SolveJobOutcome, type SolverRunner } from '../services/rota/solve/run-solve-job.js';
import { SOLVE_QUEUE, type SolveJobData } from '../services/rota/solve/solve-queue.js';
import type { JobDefinition } from './job-queue.js';

export interface JobDeps {
  orm: MikroORM;
  config: Config;
  clock: Clock;
  logger: Logger;
  metrics: Metrics;
  runSolver: SolverRunner;
  /** Aborted when the process stops: long jobs hand their message back to the queue. */
  stopping: AbortSignal;
  /** The solve worker threads one process runs at once. */
  solveConcurrency: number;
}

const SOLVE_ABANDONED_QUEUE = `${SOLVE_QUEUE}-abandoned`;

/** The periodic cleanup: sign-in failures out of the window, sessions and audit events older than RETENTION_DAYS. */
export const PURGE_QUEUE = 'purge-expired-records';
/** Every hour at minute 17 (UTC), once across all processes. */
export const PURGE_CRON = '17 * * * *';

/** Every job the queue runs, in one place. A periodic job is one more entry with a `schedule`. */
export function jobDefinitions(deps: JobDeps): JobDefinition<any>[] {
  const solve: JobDefinition<SolveJobData> = {
    name: SOLVE_QUEUE,
    queue: {
      // A worker that stops beating for this long is taken for dead: its job goes back to the queue.
      heartbeatSeconds: 10,
      // Longer than the longest solve (600 s) with its loading and writing.
      expireInSeconds: 900,
      retryLimit: 5,
      deadLetter: SOLVE_ABANDONED_QUEUE,
    },
    work: { localConcurrency: deps.solveConcurrency, pollingIntervalSeconds: 1 },
    async handle(data, run) {
      const started = performance.now();
      deps.metrics.solveStarted();
      let outcome: SolveJobOutcome | 'error' = 'error';
      try {
        outcome = await runSolveJob(
          {
            orm: deps.orm,
            clock: deps.clock,
            runSolver: deps.runSolver,
            logger: deps.logger,
            stopping: deps.stopping,
            lost: run.lost,
            onProgress: (standing) => deps.metrics.solveProgress(data.solveJobId, standing),
          },
          data,
        );
      } finally {
        deps.metrics.solveEnded(data.solveJobId, outcome, (performance.now() - started) / 1000);
      }
      deps.logger.info({ solveJobId: data.solveJobId, outcome }, 'solve job ended');
      // Thrown so that the queue retries the job on another worker (or on this one after a restart).
      if (outcome === 'released') throw new Error('the worker stopped before the solve ended');
    },
  };
  const abandoned: JobDefinition<SolveJobData> = {
    name: SOLVE_ABANDONED_QUEUE,
    work: { pollingIntervalSeconds: 5 },
    handle: (data) => failAbandonedSolve(deps.orm, deps.clock, data),
  };
  const purge: JobDefinition<object> = {
    name: PURGE_QUEUE,
    // A missed hour is made up by the next one: no retries piling up behind a database that is down.
    queue: { retryLimit: 0, expireInSeconds: 300 },
    schedule: { cron: PURGE_CRON },
    work: { pollingIntervalSeconds: 2 },
    async handle() {
      const purged = await purgeExpiredRecords(deps.orm.em.fork(), {}, { now: deps.clock.now(), config: deps.config });
      deps.logger.info({ purged }, 'expired records purged');
    },
  };
  // The dead-letter queue first: a queue naming it must find it.
  return [abandoned, solve, purge];
}
