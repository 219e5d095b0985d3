import { ZPasskeyRegistrationOptions, ZPasskeyRegistrationOptionsRequest } from '../../../shared/schemas/passkeys.js';
import { createRegistrationOptions } from '../../services/passkeys/create-registration-options.js';
import { authedProcedure } from '../../trpc/procedures.js';
import { serviceContext } from '../../trpc/service-context.js';

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
  .mutation(({ ctx, input }) => createRegistrationOptions(ctx.em, input, serviceContext(ctx)));
