import { z } from 'zod';
import { ZMeResponse } from '../../../shared/schemas/me.js';
import { publicUser } from '../../services/accounts/public-user.js';
import { signedInProcedure, withSelectedWard } from '../../trpc/procedures.js';

// Building a formatter (ICU time-zone data) costs about 0.2 ms, a hundred times what formatting
// with one costs, and was the largest single cost of GET /api/me (BENCHMARKS.md): keep one per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

function isoDate(now: Date, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // en-CA formats as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter.format(now);
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
