import { ZListStaffResponse } from '../../../../shared/schemas/rota/staff.js';
import { listStaff } from '../../../services/rota/staff/list-staff.js';
import { authedProcedure, withSelectedWard } from '../../../trpc/procedures.js';

// Staff may read: who works beside them, with which skills.
export const list = authedProcedure
  .use(withSelectedWard)
  .meta({
    openapi: { method: 'GET', path: '/api/rota/staff', tags: ['staff-profiles'], summary: 'Every account of the selected ward with its rota profile' },
  })
  .output(ZListStaffResponse)
  .query(async ({ ctx }) => ({ staff: await listStaff(ctx.em, { wardId: ctx.ward.id }) }));
