import type { EntityManager } from '@mikro-orm/postgresql';
import type { TCarryIn, TSchedule, TSetCarryInRequest } from '../../../../shared/schemas/rota/schedules.js';
import { AppError } from '../../../app-error.js';
import { ScheduleCarryIn } from '../../../db/entities/schedule-carry-in.js';
import { ShiftType } from '../../../db/entities/shift-type.js';
import { User } from '../../../db/entities/user.js';
import type { ServiceContext } from '../../service-context.js';
import { findWardShiftTypes } from '../shift-types/find-ward-shift-types.js';
import { buildRosterProblem } from './build-roster-problem.js';
import { claimScheduleVersion } from './claim-schedule-version.js';
import { scoreSchedule } from './evaluate-schedule.js';
import { recordScheduleEvent } from './record-schedule-event.js';
import { previousSchedule } from './schedule-carry-in.js';
import { schedulePeriod, scheduleView } from './schedule-view.js';

/**
 * Replaces the schedule's explicit carry-in (docs/rota.md §6): people left out start with zero counters. Refused
 * with 409 `carry_in_derived` while a schedule of the ward ends the day before (its final days give the
 * carry-in). Each person must be staff of the schedule (404 `user_not_found`), each last shift a shift type
 * of the ward (404 `shift_type_not_found`).
 */
export async function setCarryIn(
  em: EntityManager,
  input: TSetCarryInRequest & { wardId: number },
  ctx: ServiceContext,
): Promise<{ schedule: TSchedule; carryIn: TCarryIn[] }> {
  return em.transactional(async (tx) => {
    const schedule = await claimScheduleVersion(tx, input, ctx.now);
    const period = schedulePeriod(schedule);
    if (await previousSchedule(tx, input.wardId, period.startDate)) throw new AppError('carry_in_derived');

    const userIds = new Set(input.carryIn.map((entry) => entry.userId));
    if (userIds.size !== input.carryIn.length) {
      throw new AppError('invalid_input', { issues: [{ path: 'carryIn', message: 'A person may be named once.' }] });
    }
    const staff = new Set((await buildRosterProblem(tx, period)).people.map((person) => person.userId));
    if ([...userIds].some((userId) => !staff.has(userId))) throw new AppError('user_not_found');
    await findWardShiftTypes(tx, input.wardId, input.carryIn.flatMap((entry) => (entry.lastShiftTypeId === null ? [] : [entry.lastShiftTypeId])));

    await tx.nativeDelete(ScheduleCarryIn, { schedule: schedule.id });
    for (const entry of input.carryIn) {
      tx.create(ScheduleCarryIn, {
        schedule,
        user: tx.getReference(User, entry.userId),
        lastShiftType: entry.lastShiftTypeId === null ? null : tx.getReference(ShiftType, entry.lastShiftTypeId),
        consecutiveWorkingDays: entry.consecutiveWorkingDays,
        consecutiveDaysOff: entry.consecutiveDaysOff,
        consecutiveSameShift: entry.consecutiveSameShift,
      });
    }
    if (schedule.status === 'published') {
      recordScheduleEvent(tx, { type: 'schedule.carry_in_changed', wardId: input.wardId, scheduleId: schedule.id, note: `version ${schedule.version}` }, ctx);
    }
    await tx.flush();

    const built = await buildRosterProblem(tx, period);
    return {
      schedule: scheduleView(schedule, scoreSchedule(built)),
      carryIn: built.people.map((person, p) => ({ userId: person.userId, ...built.carryIns[p]! })),
    };
  });
}
