import { ZRemoveStaffProfileResponse, ZStaffUserRequest } from '../../../../shared/schemas/rota/staff.js';
import { removeStaffProfile } from '../../../services/rota/staff/remove-staff-profile.js';
import { managerProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { callerContext } from '../service-context.js';

export const removeProfile = managerProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['user_not_found'],
    openapi: { method: 'DELETE', path: '/api/rota/staff/{userId}', tags: ['staff-profiles'], summary: 'Remove the rota profile of an account (the account stays)' },
  })
  .input(ZStaffUserRequest)
  .output(ZRemoveStaffProfileResponse)
  .mutation(async ({ ctx, input }) => {
    await removeStaffProfile(ctx.em, { ...input, wardId: ctx.ward.id }, callerContext(ctx));
    return { ok: true };
  });
