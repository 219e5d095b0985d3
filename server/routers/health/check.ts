import { ZHealthResponse } from '../../../shared/schemas/health.js';
import { CONNECT_TIMEOUT_MS } from '../../db/orm.js';
import { databaseIsUp } from '../../services/health/check-database.js';
import { publicProcedure } from '../../trpc/procedures.js';

export const check = publicProcedure
  .meta({
    openapi: { method: 'GET', path: '/api/health', tags: ['status'], summary: 'Application and database health' },
    // With the database down it still answers with its own shape, `{ ok: false, db: 'down' }`.
    outputStatuses: [503],
  })
  .output(ZHealthResponse)
  .query(async ({ ctx }) => {
    const up = await databaseIsUp(ctx.services.orm, CONNECT_TIMEOUT_MS);
    if (!up) ctx.response.status = 503;
    return { ok: up, db: up ? 'up' : 'down' } as const;
  });
