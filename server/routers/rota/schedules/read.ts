import { ZScheduleDetailResponse, ZScheduleIdRequest, type TScheduleDetailResponse } from '../../../../shared/schemas/rota/schedules.js';
import { daysBetween } from '../../../calendar/iso-dates.js';
import { readSchedule } from '../../../services/rota/schedules/read-schedule.js';
import { answerCells, authedProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { outputValidatedOnce } from '../../../trpc/validated-output.js';
import { callerContext } from '../service-context.js';

/** A roster's cells: its people by its days. */
const rosterCells = (answer: TScheduleDetailResponse) => answer.staff.length * (daysBetween(answer.schedule.startDate, answer.schedule.endDate) + 1);

// Staff may read a published schedule; a draft is 404 to them. The answer is kept and validated once (readSchedule).
export const read = authedProcedure
  .use(answerCells(rosterCells))
  .use(withSelectedWard)
  .meta({
    largeAnswer: true,
    errors: ['schedule_not_found'],
    openapi: { method: 'GET', path: '/api/rota/schedules/{id}', tags: ['schedules'], summary: 'A schedule with its staff, shift types, cells and carry-in' },
  })
  .input(ZScheduleIdRequest)
  .output(outputValidatedOnce(ZScheduleDetailResponse))
  .query(async ({ ctx, input }) => readSchedule(ctx.em, { ...input, wardId: ctx.ward.id }, callerContext(ctx)));
