import { ZListWardsResponse } from '../../../shared/schemas/wards.js';
import { listWards } from '../../services/wards/list-wards.js';
import { authedProcedure } from '../../trpc/procedures.js';
import { serviceContext } from '../../trpc/service-context.js';

export const list = authedProcedure
  .meta({ openapi: { method: 'GET', path: '/api/wards', tags: ['wards'], summary: 'The wards you may select' } })
  .output(ZListWardsResponse)
  .query(async ({ ctx }) => ({ wards: (await listWards(ctx.em, {}, serviceContext(ctx))).map(({ id, name }) => ({ id, name })) }));
