import { ZLoginRequest } from '../../../shared/schemas/auth.js';
import { ZUserEnvelope } from '../../../shared/schemas/user.js';
import { countSignIn } from '../../metrics/metrics.js';
import { publicUser } from '../../services/accounts/public-user.js';
import { login as signIn } from '../../services/auth/login.js';
import { publicProcedure } from '../../trpc/procedures.js';
import { sessionStartContext } from '../../trpc/service-context.js';
import { setDeviceCookie } from '../../trpc/device-cookie.js';
import { setSessionCookie } from '../../trpc/session-cookie.js';

export const login = publicProcedure
  .meta({
    openapi: { method: 'POST', path: '/api/auth/login', tags: ['auth'], summary: 'Sign in with username and password' },
    errors: ['invalid_credentials', 'account_inactive', 'too_many_attempts'],
  })
  .input(ZLoginRequest)
  .output(ZUserEnvelope)
  .mutation(async ({ ctx, input }) => {
    const { user, token } = await countSignIn(ctx.services.metrics, 'password', () =>
      signIn(ctx.em, input, {
        ...sessionStartContext(ctx),
        deviceUsernameKey: ctx.deviceUsernameKey,
        refusals: ctx.services.refusals,
      }),
    );
    setSessionCookie(ctx, token);
    setDeviceCookie(ctx, user.usernameKey);
    return { user: publicUser(user) };
  });
