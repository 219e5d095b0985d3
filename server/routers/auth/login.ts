import { ZLoginRequest } from '../../../shared/schemas/auth.js';
import { ZUserEnvelope } from '../../../shared/schemas/user.js';
import { countSignIn } from '../../metrics/metrics.js';
import { login as signIn } from '../../services/auth/login.js';
import { publicProcedure } from '../../trpc/procedures.js';
import { completeSignIn, signInContext } from '../../trpc/sign-in.js';

export const login = publicProcedure
  .meta({
    openapi: { method: 'POST', path: '/api/auth/login', tags: ['auth'], summary: 'Sign in with username and password' },
    errors: ['invalid_credentials', 'account_inactive', 'too_many_attempts'],
  })
  .input(ZLoginRequest)
  .output(ZUserEnvelope)
  .mutation(async ({ ctx, input }) =>
    completeSignIn(ctx, await countSignIn(ctx.services.metrics, 'password', () => signIn(ctx.em, input, signInContext(ctx)))),
  );
