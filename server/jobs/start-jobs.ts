import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Metrics } from '../metrics/metrics.js';
import type { SolverRunner } from '../services/rota/solve/run-solve-job.js';
import { solveInThread } from '../rota/solver/thread.js';
import { jobDefinitions } from './definitions.js';
import { startJobQueue, type JobQueue } from './job-queue.js';

export interface StartJobsOptions {
  orm: MikroORM;
  databaseUrl: string;
  config: Config;
  clock: Clock;
  logger: Logger;
  metrics: Metrics;
  /** Run job handlers in this process. */
  work: boolean;
  /** The solver's runner; `solveInThread` (compiled worker threads beside it, `SOLVER_THREADS` of them) unless a test brings its own. */
  runSolver?: SolverRunner;
}

/** The job queue of a process, with every job of `jobDefinitions`; `stop()` tells running jobs to stop first. */
export async function startJobs(options: StartJobsOptions): Promise<JobQueue> {
  const stopping = new AbortController();
  const queue = await startJobQueue({
    databaseUrl: options.databaseUrl,
    logger: options.logger,
    work: options.work,
    monitorSeconds: options.config.jobMonitorSeconds,
    stopTimeoutMs: options.config.shutdownGraceSeconds * 1000,
    definitions: jobDefinitions({
      orm: options.orm,
      config: options.config,
      clock: options.clock,
      logger: options.logger,
      metrics: options.metrics,
      runSolver: options.runSolver ?? ((input, solveOptions) => solveInThread(input, { threads: options.config.solverThreads, ...solveOptions })),
      stopping: stopping.signal,
      solveConcurrency: options.config.workerConcurrency,
    }),
  });
  return {
    send: (name, data, sendOptions) => queue.send(name, data, sendOptions),
    isUp: (timeoutMs) => queue.isUp(timeoutMs),
    async stop() {
      stopping.abort();
      await queue.stop();
    },
  };
}
