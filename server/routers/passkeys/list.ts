import { ZPasskeyListResponse } from '../../../shared/schemas/passkeys.js';
import { listPasskeys } from '../../services/passkeys/list-passkeys.js';
import { authedProcedure } from '../../trpc/procedures.js';
import { serviceContext } from '../../trpc/service-context.js';

export const list = authedProcedure
  .meta({ openapi: { method: 'GET', path: '/api/account/passkeys', tags: ['passkeys'], summary: 'Your passkeys, oldest first' } })
  .output(ZPasskeyListResponse)
  .query(async ({ ctx }) => ({
    passkeys: await listPasskeys(ctx.em, undefined, serviceContext(ctx)),
  }));
