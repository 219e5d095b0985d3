import { ZCreateWardRequest, ZCreateWardResponse } from '../../../shared/schemas/wards.js';
import { createWard } from '../../services/wards/create-ward.js';
import { superAdminProcedure } from '../../trpc/procedures.js';

export const create = superAdminProcedure
  .meta({
    errors: ['ward_name_taken'],
    openapi: { method: 'POST', path: '/api/wards', tags: ['wards'], summary: 'Add a ward to the hospital' },
    successStatus: 201,
  })
  .input(ZCreateWardRequest)
  .output(ZCreateWardResponse)
  .mutation(async ({ ctx, input }) => {
    const ward = await createWard(ctx.em, ctx.user.hospital.id, input.name, ctx.services.clock.now());
    return { ward: { id: ward.id, name: ward.name } };
  });
