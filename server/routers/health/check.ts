import { ZHealthResponse } from '../../../shared/schemas/health.js';
import { CONNECT_TIMEOUT_MS } from '../../db/orm.js';
import { databaseIsUp } from '../../services/health/check-database.js';
import { publicProcedure } from '../../trpc/procedures.js';

export const check = publicProcedure
  .meta({
    openapi: { method: 'GET', path: '/api/health', tags: ['status'], summary: 'Application, database and job queue health' },
    // With the database down it still answers with its own shape, `{ ok: false, db: 'down' }`.
    outputStatuses: [503],
  })
  .output(ZHealthResponse)
  .query(async ({ ctx }) => {
    const { jobs } = ctx.services;
    // The queue has a pool of its own, on a path of its own: either can be cut off while the other answers.
    const [db, queue] = await Promise.all([databaseIsUp(ctx.services.orm, CONNECT_TIMEOUT_MS), jobs.isUp?.(CONNECT_TIMEOUT_MS)]);
    const ok = db && queue !== false;
    if (!ok) ctx.response.status = 503;
    return { ok, db: db ? 'up' : 'down', ...(queue === undefined ? {} : { queue: queue ? 'up' : 'down' }) } as const;
  });
