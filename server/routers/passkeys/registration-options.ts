import { ZPasskeyRegistrationOptions, ZPasskeyRegistrationOptionsRequest } from '../../../shared/schemas/passkeys.js';
import { createRegistrationOptions } from '../../services/passkeys/create-registration-options.js';
import { relyingParty } from '../../services/passkeys/relying-party.js';
import { authedProcedure } from '../../trpc/procedures.js';

export const registrationOptions = authedProcedure
  .meta({
    errors: ['passkey_invalid'],
    // At the limit of passkeys: a registration that cannot succeed, answered as registration failures are.
    errorStatuses: { passkey_invalid: 400 },
    openapi: {
      method: 'POST',
      path: '/api/account/passkeys/options',
      tags: ['passkeys'],
      summary: 'Start registering a passkey: options for navigator.credentials.create()',
    },
  })
  .input(ZPasskeyRegistrationOptionsRequest)
  .output(ZPasskeyRegistrationOptions)
  .mutation(({ ctx }) =>
    createRegistrationOptions(
      ctx.em,
      { relyingParty: relyingParty(ctx.services.config) },
      { actor: ctx.user, client: ctx.client, now: ctx.services.clock.now() },
    ),
  );
