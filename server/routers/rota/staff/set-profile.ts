import { ZSetStaffProfileRequest, ZStaffMemberResponse } from '../../../../shared/schemas/rota/staff.js';
import { setStaffProfile } from '../../../services/rota/staff/set-staff-profile.js';
import { managerProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { callerContext } from '../service-context.js';

export const setProfile = managerProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['user_not_found', 'contract_not_found'],
    openapi: {
      method: 'PUT',
      path: '/api/rota/staff/{userId}',
      tags: ['staff-profiles'],
      summary: "Set the skills and contract of an account of the selected ward, which makes it rostered staff",
    },
  })
  .input(ZSetStaffProfileRequest)
  .output(ZStaffMemberResponse)
  .mutation(async ({ ctx, input }) => ({ staffMember: await setStaffProfile(ctx.em, { ...input, wardId: ctx.ward.id }, callerContext(ctx)) }));
