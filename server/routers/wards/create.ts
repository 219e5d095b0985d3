import { ZCreateWardRequest, ZCreateWardResponse } from '../../../shared/schemas/wards.js';
import { createWard } from '../../services/wards/create-ward.js';
import { superAdminProcedure } from '../../trpc/procedures.js';
import { serviceContext } from '../../trpc/service-context.js';

export const create = superAdminProcedure
  .meta({
    errors: ['ward_name_taken'],
    openapi: { method: 'POST', path: '/api/wards', tags: ['wards'], summary: 'Add a ward to the hospital' },
    successStatus: 201,
  })
  .input(ZCreateWardRequest)
  .output(ZCreateWardResponse)
  .mutation(async ({ ctx, input }) => {
    const ward = await createWard(ctx.em, { hospitalId: ctx.user.hospital.id, name: input.name }, serviceContext(ctx));
    return { ward: { id: ward.id, name: ward.name } };
  });
