import { ZPasskeyRemoveRequest, ZPasskeyRemoveResponse } from '../../../shared/schemas/passkeys.js';
import { removePasskey } from '../../services/passkeys/remove-passkey.js';
import { authedProcedure } from '../../trpc/procedures.js';
import { serviceContext } from '../../trpc/service-context.js';

export const remove = authedProcedure
  .meta({
    errors: ['passkey_not_found'],
    openapi: { method: 'DELETE', path: '/api/account/passkeys/{id}', tags: ['passkeys'], summary: 'Remove one of your passkeys' },
  })
  .input(ZPasskeyRemoveRequest)
  .output(ZPasskeyRemoveResponse)
  .mutation(async ({ ctx, input }) => {
    await removePasskey(ctx.em, input, serviceContext(ctx));
    return { ok: true };
  });
