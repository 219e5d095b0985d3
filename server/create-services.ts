import type { MikroORM } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.js';
import { migrate, openOrm } from './db/orm.js';
import type { JobSender } from './jobs/job-sender.js';
import { startJobs } from './jobs/start-jobs.js';
import { createLogger } from './logger.js';
import { Metrics } from './metrics/metrics.js';
import { createPasswordHasher, type PasswordHasher } from './services/accounts/passwords.js';
import { RecentRefusals } from './services/auth/recent-refusals.js';
import { AccountWork } from './trpc/account-work.js';
import type { SolverRunner } from './services/rota/solve/run-solve-job.js';

/** What lives as long as the process: shared by every request, and by a job worker. */
export interface AppServices {
  orm: MikroORM;
  config: Config;
  clock: Clock;
  hasher: PasswordHasher;
  sessionSecret: string;
  logger: Logger;
  /** The PostgreSQL job queue (automatic generation and the periodic cleanup run on it). */
  jobs: JobSender;
  /** Refused sign-ins this process has seen in the audit trail (see `RecentRefusals`). */
  refusals: RecentRefusals;
  /** What this process measures, served on `METRICS_PORT` (docs/operations.md). */
  metrics: Metrics;
  /** Each signed-in account's turns at running calls and its allowance of large answers (`ACCOUNT_CONCURRENCY`, `ACCOUNT_QUEUE`, `ACCOUNT_ANSWER_CELLS`). */
  accountWork: AccountWork;
}

export interface RunningServices extends AppServices {
  /**
   * Stops the job queue (running jobs are handed back), closes the database connections, and stops the
   * embedded PostgreSQL when one was started.
   */
  close(): Promise<void>;
}

/** Parts a caller brings instead of the defaults: tests bring their own clock, hasher and log sink. */
export interface ServiceOverrides {
  clock?: Clock;
  hasher?: PasswordHasher;
  logger?: Logger;
  /**
   * The job queue. By default it is started, and runs the handlers of `server/jobs/definitions.ts` in this
   * process when `WORKER` is true. `work` overrides `WORKER` (a worker process always works); `runSolver`
   * replaces the solver's thread (tests bring the compiled one). `false`: no queue at all, and sending a job
   * fails (tests that need none).
   */
  jobs?: false | { work?: boolean; runSolver?: SolverRunner };
}

const NO_QUEUE: JobSender = {
  send(): Promise<string | null> {
    throw new Error('these services were started without a job queue');
  },
};

// Installations from before the secret moved to the database kept it in this file: keep using it.
const LEGACY_SECRET_FILE = 'session-secret';

/**
 * `SESSION_SECRET`, else the one this installation generated, which lives in the database: every process
 * sharing the database signs and accepts the same cookies. Concurrent first starts agree on one value.
 */
export async function resolveSessionSecret(orm: MikroORM, config: Config): Promise<string> {
  if (config.sessionSecret) return config.sessionSecret;
  const file = join(config.dataDir, LEGACY_SECRET_FILE);
  const legacy = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  const candidate = legacy.length >= 32 ? legacy : randomBytes(48).toString('base64url');
  // `do update` rather than `do nothing`, so that the row a concurrent first start committed is returned.
  const [row] = await orm.em.fork().execute<{ value: string }[]>(
    `insert into app_secret (name, value, created_at) values ('session', ?, now())
     on conflict (name) do update set value = app_secret.value returning value`,
    [candidate],
  );
  return row!.value;
}

/**
 * The process's parts, from its settings: the database (embedded under `DATA_DIR` when `DATABASE_URL` is
 * unset) migrated, the ORM, the hasher, the session secret, the logger and the job queue. Used by `main.ts`,
 * `worker.ts` and the tests, so that there is one wiring.
 */
export async function createServices(config: Config, overrides: ServiceOverrides = {}): Promise<RunningServices> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const metrics = new Metrics();
  let embedded: EmbeddedDatabase | undefined;
  if (!config.databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir, (message) => logger.debug({ postgres: message.trim() }));
    logger.info({ dataDir: config.dataDir }, 'embedded PostgreSQL started');
  }
  try {
    const databaseUrl = config.databaseUrl ?? embedded!.url;
    const orm = await openOrm(databaseUrl, { onPool: (pool) => metrics.watchPool(pool) });
    try {
      await migrate(orm, databaseUrl);
      metrics.countQueuedWith(async () => {
        const [row] = await orm.em.fork().execute<{ queued: number }[]>("select count(*)::int as queued from solve_job where status = 'queued'");
        return row!.queued;
      });
      const clock = overrides.clock ?? systemClock;
      const sessionSecret = await resolveSessionSecret(orm, config);
      // The queue's own schema (`pgboss`) is created or migrated here; with WORKER=false this process only sends.
      const jobs =
        overrides.jobs === false
          ? undefined
          : await startJobs({
              orm,
              databaseUrl,
              config,
              clock,
              logger,
              metrics,
              work: overrides.jobs?.work ?? config.worker,
              runSolver: overrides.jobs?.runSolver,
            });
      return {
        orm,
        config,
        clock,
        hasher: overrides.hasher ?? createPasswordHasher(),
        sessionSecret,
        logger,
        jobs: jobs ?? NO_QUEUE,
        refusals: new RecentRefusals(),
        metrics,
        accountWork: new AccountWork({ concurrency: config.accountConcurrency, queue: config.accountQueue, answerCells: config.accountAnswerCells }, clock),
        async close() {
          // A solve running here is handed back to the queue, for another worker or the next start.
          await jobs?.stop();
          await orm.close();
          await embedded?.stop();
        },
      };
    } catch (error) {
      await orm.close();
      throw error;
    }
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}
