import { ZSetupRequest } from '../../../shared/schemas/setup.js';
import { ZUserEnvelope } from '../../../shared/schemas/user.js';
import { publicUser } from '../../services/accounts/public-user.js';
import { runSetup } from '../../services/setup/run-setup.js';
import { publicProcedure } from '../../trpc/procedures.js';
import { sessionStartContext } from '../../trpc/service-context.js';
import { setSessionCookie } from '../../trpc/session-cookie.js';

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
  .mutation(async ({ ctx, input }) => {
    const { user, token } = await runSetup(ctx.em, input, sessionStartContext(ctx));
    setSessionCookie(ctx, token);
    return { user: publicUser(user) };
  });
