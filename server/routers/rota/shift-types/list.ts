import { ZListShiftTypesResponse } from '../../../../shared/schemas/rota/shift-types.js';
import { listShiftTypes } from '../../../services/rota/shift-types/list-shift-types.js';
import { authedProcedure, withSelectedWard } from '../../../trpc/procedures.js';

// Staff may read: they see the codes of their own shifts and requests.
export const list = authedProcedure
  .use(withSelectedWard)
  .meta({ openapi: { method: 'GET', path: '/api/rota/shift-types', tags: ['shift-types'], summary: "The selected ward's shift types" } })
  .output(ZListShiftTypesResponse)
  .query(async ({ ctx }) => ({ shiftTypes: await listShiftTypes(ctx.em, { wardId: ctx.ward.id }) }));
