import { z } from 'zod';
import { ZMeResponse } from '../../../shared/schemas/me.js';
import { publicUser } from '../../services/accounts/public-user.js';
import { signedInProcedure, withSelectedWard } from '../../trpc/procedures.js';

function isoDate(now: Date, timeZone: string): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

// Readable while a password change is pending, so the client can learn that it is.
export const me = signedInProcedure
  .use(withSelectedWard)
  .meta({ openapi: { method: 'GET', path: '/api/me', tags: ['auth'], summary: "Current user, today's date and the selected ward" } })
  .input(z.void())
  .output(ZMeResponse)
  .query(({ ctx }) => ({
    user: publicUser(ctx.user),
    today: isoDate(ctx.services.clock.now(), ctx.services.config.timezone),
    ward: { id: ctx.ward.id, name: ctx.ward.name },
  }));
