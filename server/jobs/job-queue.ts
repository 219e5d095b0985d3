import { PgBoss, type Queue, type WorkOptions } from 'pg-boss';
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
}

export interface JobQueue extends JobSender {
  /** Stops taking messages, waits for the handlers running (they are told to stop first), closes the pool. */
  stop(): Promise<void>;
}

/**
 * The PostgreSQL job queue (pg-boss, its tables in the `pgboss` schema of the same database, created or
 * migrated here at start-up): creates each definition's queue, schedules the periodic ones, and in a worker
 * process runs their handlers.
 */
export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  // A pool of its own, without the ORM's 3.5 s statement_timeout (server/db/orm.ts): that limit is for requests,
  // and the queue's own statements (its schema migration, maintenance over a large job table) may take longer.
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    application_name: 'nobat-jobs',
    max: 4,
    superviseIntervalSeconds: options.monitorSeconds,
    monitorIntervalSeconds: options.monitorSeconds,
  });
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
    async send(queue, data) {
      return boss.send(queue, data);
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 30_000 });
    },
  };
}
