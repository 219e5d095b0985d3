import { ZCreateRequestRequest, ZRequestResponse } from '../../../../shared/schemas/rota/requests.js';
import { createRequest } from '../../../services/rota/requests/create-request.js';
import { authedProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { isoDateIn } from '../../../time/hospital-time.js';
import { callerContext } from '../service-context.js';

// Any signed-in member of the ward, for themselves; a manager also for anyone of the ward.
export const create = authedProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['forbidden', 'user_not_found', 'shift_type_not_found', 'request_duplicate', 'schedule_published', 'open_request_limit'],
    openapi: { method: 'POST', path: '/api/rota/requests', tags: ['requests'], summary: 'Make a preference or a leave request' },
    successStatus: 201,
  })
  .input(ZCreateRequestRequest)
  .output(ZRequestResponse)
  .mutation(async ({ ctx, input }) => {
    const context = callerContext(ctx);
    const today = isoDateIn(context.now, ctx.services.config.timezone);
    return { request: await createRequest(ctx.em, { ...input, wardId: ctx.ward.id, today }, context) };
  });
