import { ZPasskeySignInRequest } from '../../../shared/schemas/passkeys.js';
import { ZUserEnvelope } from '../../../shared/schemas/user.js';
import { countSignIn } from '../../metrics/metrics.js';
import { signInWithPasskey } from '../../services/passkeys/sign-in-with-passkey.js';
import { publicProcedure } from '../../trpc/procedures.js';
import { completeSignIn, signInContext } from '../../trpc/sign-in.js';

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
  .mutation(async ({ ctx, input }) =>
    completeSignIn(ctx, await countSignIn(ctx.services.metrics, 'passkey', () => signInWithPasskey(ctx.em, input, signInContext(ctx)))),
  );
