import { ZPasskeySignInRequest } from '../../../shared/schemas/passkeys.js';
import { ZUserEnvelope } from '../../../shared/schemas/user.js';
import { countSignIn } from '../../metrics/metrics.js';
import { publicUser } from '../../services/accounts/public-user.js';
import { signInWithPasskey } from '../../services/passkeys/sign-in-with-passkey.js';
import { setDeviceCookie } from '../../trpc/device-cookie.js';
import { publicProcedure } from '../../trpc/procedures.js';
import { sessionStartContext } from '../../trpc/service-context.js';
import { setSessionCookie } from '../../trpc/session-cookie.js';

export const signIn = publicProcedure
  .meta({
    errors: ['passkey_invalid', 'account_inactive', 'too_many_attempts'],
    openapi: {
      method: 'POST',
      path: '/api/auth/passkey',
      tags: ['auth'],
      summary: 'Sign in with the response of navigator.credentials.get()',
    },
  })
  .input(ZPasskeySignInRequest)
  .output(ZUserEnvelope)
  .mutation(async ({ ctx, input }) => {
    const { user, token } = await countSignIn(ctx.services.metrics, 'passkey', () =>
      signInWithPasskey(ctx.em, input, {
        ...sessionStartContext(ctx),
        deviceUsernameKey: ctx.deviceUsernameKey,
        refusals: ctx.services.refusals,
      }),
    );
    setSessionCookie(ctx, token);
    setDeviceCookie(ctx, user.usernameKey);
    return { user: publicUser(user) };
  });
