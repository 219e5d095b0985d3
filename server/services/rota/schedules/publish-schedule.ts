import type { EntityManager } from '@mikro-orm/postgresql';
import type { TPublishScheduleRequest, TSchedule } from '../../../../shared/schemas/rota/schedules.js';
import { AppError } from '../../../app-error.js';
import { User } from '../../../db/entities/user.js';
import { notify } from '../../notifications/notify.js';
import type { ServiceContext } from '../../service-context.js';
import { refuseWhileSolving } from '../solve/refuse-while-solving.js';
import { buildRosterProblem } from './build-roster-problem.js';
import { evaluateSchedule } from './evaluate-schedule.js';
import { findWardSchedule } from './find-ward-schedule.js';
import { recordScheduleEvent } from './record-schedule-event.js';
import { schedulePeriod, scheduleView } from './schedule-view.js';

/**
 * Makes the schedule visible to the ward's staff (docs/rota.md §6). While it breaks hard rules it is refused with
 * 409 `schedule_infeasible` listing them, unless `acceptViolations`. While a solve of it is queued or running: 409 `solve_in_progress`. Publishing a published schedule changes nothing.
 * Each of its staff gets a `schedule_published` notification with the publication.
 */
export async function publishSchedule(em: EntityManager, input: TPublishScheduleRequest & { wardId: number }, ctx: ServiceContext): Promise<TSchedule> {
  return em.transactional(async (tx) => {
    // The row lock keeps an edit from slipping in between the check and the publication.
    const schedule = await findWardSchedule(tx, { wardId: input.wardId, id: input.id, lock: true });
    // A solve would write its roster over the one the staff were just shown (docs/rota.md §8).
    await refuseWhileSolving(tx, schedule.id);
    const built = await buildRosterProblem(tx, schedulePeriod(schedule));
    const evaluation = evaluateSchedule(built);
    if (schedule.status === 'published') return scheduleView(schedule, evaluation.score);
    if (evaluation.score.hard > 0 && !input.acceptViolations) {
      throw new AppError('schedule_infeasible', { details: { violations: evaluation.violations.filter((violation) => violation.severity === 'hard') } });
    }
    Object.assign(schedule, { status: 'published', publishedAt: ctx.now, publishedBy: tx.getReference(User, ctx.actor.id), updatedAt: ctx.now });
    recordScheduleEvent(
      tx,
      { type: 'schedule.published', wardId: input.wardId, scheduleId: schedule.id, note: evaluation.score.hard > 0 ? `accepted ${evaluation.score.hard} hard violations` : undefined },
      ctx,
    );
    await tx.flush();
    // Everyone on it is told: its staff (docs/rota.md §6), the people its evaluation was built for.
    await notify(
      tx,
      built.people.map((person) => ({ userId: person.userId, kind: 'schedule_published', data: { scheduleId: schedule.id } })),
      ctx.now,
    );
    return scheduleView(schedule, evaluation.score);
  });
}
