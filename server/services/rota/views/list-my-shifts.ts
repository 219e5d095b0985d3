import type { EntityManager } from '@mikro-orm/postgresql';
import type { TMyShiftsRequest, TMyShiftsResponse } from '../../../../shared/schemas/rota/views.js';
import { isoWithOffset, shiftMoments } from '../../../calendar/zoned-time.js';
import type { ServiceContext } from '../../service-context.js';
import { publishedShifts } from './published-shifts.js';

/** docs/rota.md §9: the caller's shifts in published schedules of any ward, timed in APP_TIMEZONE. */
export async function listMyShifts(em: EntityManager, input: TMyShiftsRequest & { timezone: string }, ctx: ServiceContext): Promise<TMyShiftsResponse> {
  const shifts = await publishedShifts(em, { userId: ctx.actor.id, from: input.from, to: input.to });
  return {
    shifts: shifts.map((shift) => {
      const { start, end } = shiftMoments(shift.date, shift.shiftType.startMinute, shift.shiftType.endMinute, input.timezone);
      return {
        date: shift.date,
        ward: shift.ward,
        shiftType: { code: shift.shiftType.code, name: shift.shiftType.name },
        startsAt: isoWithOffset(start),
        endsAt: isoWithOffset(end),
      };
    }),
  };
}
