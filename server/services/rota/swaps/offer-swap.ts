import type { EntityManager } from '@mikro-orm/postgresql';
import type { TOfferSwapRequest, TSwap } from '../../../../shared/schemas/rota/swaps.js';
import { AppError } from '../../../app-error.js';
import { isoDateOf } from '../../../calendar/iso-dates.js';
import { Schedule } from '../../../db/entities/schedule.js';
import { OPEN_SWAP_STATUSES, ShiftSwap } from '../../../db/entities/shift-swap.js';
import { User } from '../../../db/entities/user.js';
import { Ward } from '../../../db/entities/ward.js';
import { notify } from '../../notifications/notify.js';
import { recordRotaEvent } from '../audit/record-rota-event.js';
import { buildRosterProblem } from '../schedules/build-roster-problem.js';
import { hospitalToday, type CellChangeContext } from '../schedules/change-cells.js';
import { cellOf } from '../schedules/cells-what-if.js';
import { undecided } from '../schedules/decide-cell-request.js';
import { findWardSchedule } from '../schedules/find-ward-schedule.js';
import { schedulePeriod } from '../schedules/schedule-view.js';
import { rosteredSkills } from '../staff/rostered-skills.js';
import { asCellValue, exchangeOf, sameCell, swapCells } from './swap-cells.js';
import { swapEffect, swapView } from './swap-view.js';

const invalid = (path: string, message: string) => new AppError('invalid_swap', { issues: [{ path, message }] });

/**
 * The caller offers to exchange their cells with `withUserId` on `date` and, when given and different, on
 * `theirDate` (docs/rota.md §11.3). Both days in one published schedule of the ward, from today on; the exchange
 * must change something and give each person only cells of their skills (400 `invalid_swap`); the other person must
 * be rostered staff of the ward (404 `user_not_found`). With the schedule's row locked, so that of offers racing over
 * one cell exactly one is made: a cell already in an open swap is 409 `swap_conflict`. The other party is told.
 */
export async function offerSwap(em: EntityManager, input: TOfferSwapRequest & { wardId: number }, ctx: CellChangeContext): Promise<TSwap> {
  const theirDate = input.theirDate ?? input.date;
  return em.transactional(async (tx) => {
    if (input.withUserId === ctx.actor.id) throw invalid('withUserId', 'A swap is with someone else.');
    const theirSkills = await rosteredSkills(tx, input.wardId, input.withUserId);
    if (!theirSkills) throw new AppError('user_not_found');
    const mySkills = await rosteredSkills(tx, input.wardId, ctx.actor.id);
    if (!mySkills) throw invalid('date', 'You are not rostered staff of the ward.');
    const today = hospitalToday(ctx);
    if (input.date < today || theirDate < today) throw invalid(input.date < today ? 'date' : 'theirDate', 'Days before today are history.');

    const [found] = await tx.execute<{ id: number }[]>(
      `select id from schedule where ward_id = ? and status = 'published' and start_date <= ?::date and end_date >= ?::date for update`,
      [input.wardId, input.date, input.date],
    );
    if (!found) throw invalid('date', 'No published schedule of the ward holds this day.');
    const schedule = await findWardSchedule(tx, { wardId: input.wardId, id: found.id });
    const period = schedulePeriod(schedule);
    if (theirDate < period.startDate || theirDate > period.endDate) throw invalid('theirDate', 'Both days must be in one published schedule.');

    const built = await buildRosterProblem(tx, period);
    const dates = input.date === theirDate ? [input.date] : [input.date, theirDate];
    const cells = swapCells(ctx.actor.id, input.withUserId, dates, (userId, date) => cellOf(built, userId, date));
    const changes = exchangeOf(cells);
    if (cells.every((cell, i) => sameCell(asCellValue(cell), changes[i]!.after))) throw invalid('withUserId', 'The exchange would change nothing.');
    for (const change of changes) {
      const skills = change.userId === ctx.actor.id ? mySkills : theirSkills;
      if (change.after && !skills.includes(change.after.skill)) throw invalid('withUserId', `${change.userId === ctx.actor.id ? 'You' : 'They'} lack the skill ${change.after.skill} of a cell to receive.`);
    }

    const open = await tx.find(ShiftSwap, { schedule: schedule.id, status: { $in: [...OPEN_SWAP_STATUSES] } });
    const taken = new Set(open.flatMap((swap) => swap.cells.map((cell) => `${cell.userId}|${isoDateOf(cell.date)}`)));
    if (cells.some((cell) => taken.has(`${cell.userId}|${cell.date}`))) throw new AppError('swap_conflict');

    const swap = tx.create(ShiftSwap, {
      ward: tx.getReference(Ward, input.wardId),
      schedule: tx.getReference(Schedule, schedule.id),
      fromUser: tx.getReference(User, ctx.actor.id),
      toUser: tx.getReference(User, input.withUserId),
      date: input.date,
      theirDate,
      cells,
      status: 'offered',
      note: input.note || null,
      ...undecided(ctx.now),
    });
    await tx.flush();
    recordRotaEvent(tx, { type: 'swap_offered', wardId: input.wardId, objectType: 'swap', objectId: swap.id, userId: input.withUserId }, ctx);
    await tx.flush();
    await notify(tx, [{ userId: input.withUserId, kind: 'swap_offered', data: { swapId: swap.id, scheduleId: schedule.id } }], ctx.now);
    return swapView(swap, swapEffect(built, swap));
  });
}
