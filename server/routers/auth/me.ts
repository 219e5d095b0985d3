import { ZMeResponse } from '../../../shared/schemas/me.js';
import { publicUser } from '../../services/accounts/public-user.js';
import { isoDateIn } from '../../time/hospital-time.js';
import { gateExemptProcedure, withSelectedWard } from '../../trpc/procedures.js';

// Readable while a password change is pending, so the client can learn that it is.
export const me = gateExemptProcedure
  .use(withSelectedWard)
  .meta({ openapi: { method: 'GET', path: '/api/me', tags: ['auth'], summary: "Current user, today's date and the selected ward" } })
  .output(ZMeResponse)
  .query(({ ctx }) => ({
    user: publicUser(ctx.user),
    today: isoDateIn(ctx.services.clock.now(), ctx.services.config.timezone),
    ward: { id: ctx.ward.id, name: ctx.ward.name },
  }));
