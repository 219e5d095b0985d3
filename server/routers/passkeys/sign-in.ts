import { ZPasskeySignInRequest } from '../../../shared/schemas/passkeys.js';
import { ZUserEnvelope } from '../../../shared/schemas/user.js';
import { publicUser } from '../../services/accounts/public-user.js';
import { throttleSettings } from '../../services/auth/login-throttle.js';
import { relyingParty } from '../../services/passkeys/relying-party.js';
import { signInWithPasskey } from '../../services/passkeys/sign-in-with-passkey.js';
import { publicProcedure } from '../../trpc/procedures.js';
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
    const { services } = ctx;
    const { user, token } = await signInWithPasskey(ctx.em, input, {
      client: ctx.client,
      presentedToken: ctx.sessionToken,
      clock: services.clock,
      sessionTtlSeconds: services.config.sessionTtlSeconds,
      throttle: throttleSettings(services.config),
      relyingParty: relyingParty(services.config),
    });
    setSessionCookie(ctx, token);
    return { user: publicUser(user) };
  });
