import { PgBoss, type Queue, type WorkOptions } from 'pg-boss';
import type pg from 'pg';
import { CONNECT_TIMEOUT_MS, QUERY_TIMEOUT_MS, STATEMENT_TIMEOUT_MS } from '../db/orm.js';
import { closeUnansweredClients } from '../db/unanswered-clients.js';
import { poolAnswers } from '../services/health/check-database.js';
import type { Logger } from 'pino';
import type { JobSender } from './job-sender.js';

/** What a handler is told about the message it runs, besides its data. */
export interface JobRun {
  id: string;
  /** Aborted when the queue finds this worker no longer holds the job (its heartbeat lapsed). */
  lost: AbortSignal;
}

/**
 * One kind of job: its queue's options, how workers take it, and its handler. `schedule` makes it periodic
 * (a cron expression, in UTC): the queue then sends one message per occurrence, once across all processes.
 */
export interface JobDefinition<Data extends object = object> {
  name: string;
  queue?: Omit<Queue, 'name'>;
  work?: Pick<WorkOptions, 'localConcurrency' | 'pollingIntervalSeconds' | 'heartbeatRefreshSeconds'>;
  schedule?: { cron: string; data?: object };
  /** Throwing hands the message back to the queue, which retries it (`queue.retryLimit`). */
  handle(data: Data, run: JobRun): Promise<void>;
}

export interface JobQueueOptions {
  databaseUrl: string;
  logger: Logger;
  definitions: JobDefinition<any>[];
  /** Run handlers in this process; false only sends (the API of a deployment with separate workers). */
  work: boolean;
  /** How often lapsed heartbeats and expired jobs are looked for, in seconds. */
  monitorSeconds: number;
  /** How long `stop()` may take (the shutdown grace): handlers still running after it are left to the queue. */
  stopTimeoutMs: number;
}

/** TCP keep-alive probes on an idle connection start after this. */
const KEEP_ALIVE_DELAY_MS = 10_000;
/** How often the pool's clients are looked at for a query left without an answer. */
const UNANSWERED_CHECK_MS = 250;
/** Past the stop's own limit, how long a stop whose last statements hang is waited for. */
const STOP_MARGIN_MS = 2000;

export interface JobQueue extends Required<JobSender> {
  /** Stops taking messages, waits for the handlers running (they are told to stop first), closes the pool. */
  stop(): Promise<void>;
}

/**
 * The PostgreSQL job queue (pg-boss, its tables in the `pgboss` schema of the same database, created or
 * migrated here at start-up): creates each definition's queue, schedules the periodic ones, and in a worker
 * process runs their handlers.
 */
export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  // A pool of its own (the ORM's serves requests), held to the ORM's limits (server/db/orm.ts): connecting or waiting
  // for a free client, a statement's run, and an answer that never comes on a dead network path, which the watch
  // closes so that the pool replaces the client. Without them a path that went silent mid-solve left the queue's
  // clients waiting for ever, after the database was back: no job taken, sent or settled, and no stop.
  const socket = { keepAlive: true, keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS };
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    application_name: 'nobat-jobs',
    max: 4,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    options: `-c statement_timeout=${STATEMENT_TIMEOUT_MS}`,
    ...socket,
    superviseIntervalSeconds: options.monitorSeconds,
    monitorIntervalSeconds: options.monitorSeconds,
  });
  const db = boss.getDb() as unknown as { open(): Promise<void>; pool: pg.Pool };
  const open = db.open.bind(db);
  // The pool is made by open(), at start: watched from its first client on.
  db.open = async () => {
    await open();
    closeUnansweredClients(db.pool, { timeoutMs: QUERY_TIMEOUT_MS, intervalMs: UNANSWERED_CHECK_MS });
  };
  boss.on('error', (error) => options.logger.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const definition of options.definitions) {
    await boss.createQueue(definition.name, definition.queue ?? {});
  }
  for (const definition of options.definitions) {
    if (definition.schedule) await boss.schedule(definition.name, definition.schedule.cron, definition.schedule.data ?? null);
  }
  if (options.work) {
    for (const definition of options.definitions) {
      await boss.work<object>(definition.name, { ...definition.work, batchSize: 1 }, async ([job]) => {
        if (!job) return;
        await definition.handle(job.data, { id: job.id, lost: job.signal });
      });
    }
  }
  return {
    async send(queue, data, sendOptions) {
      return boss.send(queue, data, sendOptions ?? {});
    },
    isUp: (timeoutMs) => poolAnswers(db.pool, timeoutMs),
    async stop() {
      // Within the shutdown grace whatever the database does: handlers are told to stop first, and a queue whose
      // statements cannot get through is left behind (its jobs go back to the queue by their lapsed heartbeats).
      const timeoutMs = Math.max(1000, options.stopTimeoutMs);
      let timer: NodeJS.Timeout | undefined;
      const stopped = boss.stop({ graceful: true, timeout: timeoutMs }).then(() => true);
      const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs + STOP_MARGIN_MS)));
      const inTime = await Promise.race([stopped, late]).catch((error: unknown) => {
        options.logger.warn({ err: error }, 'job queue did not stop cleanly');
        return true;
      });
      clearTimeout(timer);
      if (!inTime) options.logger.warn({ timeoutMs }, 'job queue left without a clean stop');
    },
  };
}
