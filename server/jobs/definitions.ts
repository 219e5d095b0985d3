import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import { failAbandonedSolveJob, runSolveJob, type SolverRunner } from '../services/rota/solve/run-solve-job.js';
import { SOLVE_QUEUE, type SolveJobData } from '../services/rota/solve/solve-queue.js';
import type { JobDefinition } from './job-queue.js';

export interface JobDeps {
  orm: MikroORM;
  clock: Clock;
  logger: Logger;
  runSolver: SolverRunner;
  /** Aborted when the process stops: long jobs hand their message back to the queue. */
  stopping: AbortSignal;
  /** The solve worker threads one process runs at once. */
  solveConcurrency: number;
}

const SOLVE_ABANDONED_QUEUE = `${SOLVE_QUEUE}-abandoned`;

/**
 * Every job the queue runs, in one place. A periodic job is one more entry with a `schedule`, for example
 * `{ name: 'cleanup', schedule: { cron: '17 3 * * *' }, handle: () => cleanUp(deps.orm.em.fork(), deps.clock.now()) }`.
 */
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
      const outcome = await runSolveJob({ orm: deps.orm, clock: deps.clock, runSolver: deps.runSolver, logger: deps.logger, stopping: deps.stopping, lost: run.lost }, data);
      deps.logger.info({ solveJobId: data.solveJobId, outcome }, 'solve job ended');
      // Thrown so that the queue retries the job on another worker (or on this one after a restart).
      if (outcome === 'released') throw new Error('the worker stopped before the solve ended');
    },
  };
  const abandoned: JobDefinition<SolveJobData> = {
    name: SOLVE_ABANDONED_QUEUE,
    work: { pollingIntervalSeconds: 5 },
    handle: (data) => failAbandonedSolveJob(deps.orm, deps.clock, data),
  };
  // The dead-letter queue first: a queue naming it must find it.
  return [abandoned, solve];
}
