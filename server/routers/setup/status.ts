import { ZSetupStatusResponse } from '../../../shared/schemas/setup.js';
import { needsSetup } from '../../services/setup/needs-setup.js';
import { publicProcedure } from '../../trpc/procedures.js';

export const status = publicProcedure
  .meta({ openapi: { method: 'GET', path: '/api/setup', tags: ['status'], summary: 'Whether first-run setup is needed' } })
  .output(ZSetupStatusResponse)
  .query(async ({ ctx }) => ({ needsSetup: await needsSetup(ctx.em) }));
