import { ZPasskeyEnvelope, ZPasskeyRenameRequest } from '../../../shared/schemas/passkeys.js';
import { renamePasskey } from '../../services/passkeys/rename-passkey.js';
import { authedProcedure } from '../../trpc/procedures.js';
import { serviceContext } from '../../trpc/service-context.js';

export const rename = authedProcedure
  .meta({
    errors: ['passkey_not_found'],
    openapi: { method: 'PATCH', path: '/api/account/passkeys/{id}', tags: ['passkeys'], summary: 'Rename one of your passkeys' },
  })
  .input(ZPasskeyRenameRequest)
  .output(ZPasskeyEnvelope)
  .mutation(async ({ ctx, input }) => ({
    passkey: await renamePasskey(ctx.em, input, serviceContext(ctx)),
  }));
