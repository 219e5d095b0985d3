import { ZSetupRequest } from '../../../shared/schemas/setup.js';
import { ZUserEnvelope } from '../../../shared/schemas/user.js';
import { runSetup } from '../../services/setup/run-setup.js';
import { publicProcedure } from '../../trpc/procedures.js';
import { sessionStartContext } from '../../trpc/service-context.js';
import { answerNewSession } from '../../trpc/sign-in.js';

export const run = publicProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/api/auth/setup',
      tags: ['auth'],
      summary: 'First-run setup: create the hospital, its first ward and the super administrator',
    },
    successStatus: 201,
    errors: ['setup_complete'],
  })
  .input(ZSetupRequest)
  .output(ZUserEnvelope)
  .mutation(async ({ ctx, input }) => answerNewSession(ctx, await runSetup(ctx.em, input, sessionStartContext(ctx))));
