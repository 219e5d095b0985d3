import { ZPasskeySignInOptionsRequest, ZPasskeySignInOptionsResponse } from '../../../shared/schemas/passkeys.js';
import { createSignInOptions } from '../../services/passkeys/sign-in-options.js';
import { publicProcedure } from '../../trpc/procedures.js';
import { publicServiceContext } from '../../trpc/service-context.js';

export const signInOptions = publicProcedure
  .meta({
    errors: ['too_many_attempts'],
    openapi: {
      method: 'POST',
      path: '/api/auth/passkey/options',
      tags: ['auth'],
      summary: 'Start signing in with a passkey: a challenge and options for navigator.credentials.get()',
    },
  })
  .input(ZPasskeySignInOptionsRequest)
  .output(ZPasskeySignInOptionsResponse)
  .mutation(({ ctx, input }) =>
    createSignInOptions(ctx.em, input, { ...publicServiceContext(ctx), deviceUsernameKey: ctx.deviceUsernameKey }),
  );
