import { ZPasskeyEnvelope, ZPasskeyRegisterRequest } from '../../../shared/schemas/passkeys.js';
import { publicPasskey } from '../../services/passkeys/public-passkey.js';
import { registerPasskey } from '../../services/passkeys/register-passkey.js';
import { authedProcedure } from '../../trpc/procedures.js';
import { serviceContext } from '../../trpc/service-context.js';

export const register = authedProcedure
  .meta({
    successStatus: 201,
    errors: ['passkey_invalid'],
    // A failed registration is a bad request of a signed-in caller, not a failed sign-in.
    errorStatuses: { passkey_invalid: 400 },
    openapi: {
      method: 'POST',
      path: '/api/account/passkeys',
      tags: ['passkeys'],
      summary: 'Finish registering a passkey with the response of navigator.credentials.create()',
    },
  })
  .input(ZPasskeyRegisterRequest)
  .output(ZPasskeyEnvelope)
  .mutation(async ({ ctx, input }) => {
    const passkey = await registerPasskey(ctx.em, input, serviceContext(ctx));
    return { passkey: publicPasskey(passkey) };
  });
