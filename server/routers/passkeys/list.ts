import { z } from 'zod';
import { ZPasskeyListResponse } from '../../../shared/schemas/passkeys.js';
import { listPasskeys } from '../../services/passkeys/list-passkeys.js';
import { authedProcedure } from '../../trpc/procedures.js';

export const list = authedProcedure
  .meta({ openapi: { method: 'GET', path: '/api/account/passkeys', tags: ['passkeys'], summary: 'Your passkeys, oldest first' } })
  .input(z.void())
  .output(ZPasskeyListResponse)
  .query(async ({ ctx }) => ({
    passkeys: await listPasskeys(ctx.em, undefined, { actor: ctx.user, client: ctx.client, now: ctx.services.clock.now() }),
  }));
