import { ZPasskeySignInOptionsRequest, ZPasskeySignInOptionsResponse } from '../../../shared/schemas/passkeys.js';
import { throttleSettings } from '../../services/auth/login-throttle.js';
import { relyingParty } from '../../services/passkeys/relying-party.js';
import { createSignInOptions } from '../../services/passkeys/sign-in-options.js';
import { publicProcedure } from '../../trpc/procedures.js';

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
  .mutation(({ ctx }) =>
    createSignInOptions(
      ctx.em,
      { relyingParty: relyingParty(ctx.services.config), client: ctx.client, throttle: throttleSettings(ctx.services.config) },
      ctx.services.clock.now(),
    ),
  );
