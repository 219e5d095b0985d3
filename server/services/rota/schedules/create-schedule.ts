import type { EntityManager } from '@mikro-orm/postgresql';
import { DATE_RANGE } from '../../../../shared/schemas/fields.js';
import { SCHEDULE_DAYS, type TCreateScheduleRequest, type TSchedule } from '../../../../shared/schemas/rota/schedules.js';
import { AppError } from '../../../app-error.js';
import { daysBetween } from '../../../calendar/iso-dates.js';
import { isJalaliMonth, jalaliMonthPeriod } from '../../../calendar/jalali.js';
import { Schedule } from '../../../db/entities/schedule.js';
import { User } from '../../../db/entities/user.js';
import { Ward } from '../../../db/entities/ward.js';
import type { ServiceContext } from '../../service-context.js';
import { lockWard } from '../lock-ward.js';
import { buildRosterProblem } from './build-roster-problem.js';
import { scoreSchedule } from './evaluate-schedule.js';
import { schedulePeriod, scheduleView } from './schedule-view.js';

/** The period asked for: the dates given, or a Solar Hijri month's Gregorian days; 7 to 62 days. */
function periodOf(input: TCreateScheduleRequest): { startDate: string; endDate: string } {
  if (input.jalaliMonth !== undefined) {
    if (!isJalaliMonth(input.jalaliMonth)) {
      throw new AppError('invalid_input', { issues: [{ path: 'jalaliMonth', message: 'Not a Solar Hijri month the calendar knows.' }] });
    }
    const period = jalaliMonthPeriod(input.jalaliMonth);
    if (period.startDate < DATE_RANGE.first || period.endDate > DATE_RANGE.last) {
      throw new AppError('invalid_input', { issues: [{ path: 'jalaliMonth', message: `Its days must be from ${DATE_RANGE.first} to ${DATE_RANGE.last}.` }] });
    }
    return period;
  }
  const period = { startDate: input.startDate!, endDate: input.endDate! };
  const days = daysBetween(period.startDate, period.endDate) + 1;
  if (days < SCHEDULE_DAYS.min || days > SCHEDULE_DAYS.max) {
    throw new AppError('invalid_input', {
      issues: [{ path: 'endDate', message: `A schedule has ${SCHEDULE_DAYS.min} to ${SCHEDULE_DAYS.max} days, startDate and endDate included.` }],
    });
  }
  return period;
}

/** A new draft for a period that overlaps no other schedule of the ward (409 `schedule_overlap`). */
export async function createSchedule(em: EntityManager, input: TCreateScheduleRequest & { wardId: number }, ctx: ServiceContext): Promise<TSchedule> {
  const { startDate, endDate } = periodOf(input);
  return em.transactional(async (tx) => {
    // One writer per ward at a time: two overlapping creations cannot both pass the check.
    await lockWard(tx, input.wardId);
    const overlapping = await tx.count(Schedule, { ward: input.wardId, startDate: { $lte: endDate }, endDate: { $gte: startDate } });
    if (overlapping > 0) throw new AppError('schedule_overlap');
    const schedule = tx.create(Schedule, {
      ward: tx.getReference(Ward, input.wardId),
      startDate,
      endDate,
      status: 'draft',
      version: 1,
      publishedAt: null,
      publishedBy: null,
      createdBy: tx.getReference(User, ctx.actor.id),
      createdAt: ctx.now,
      updatedAt: ctx.now,
    });
    await tx.flush();
    return scheduleView(schedule, scoreSchedule(await buildRosterProblem(tx, schedulePeriod(schedule))));
  });
}
