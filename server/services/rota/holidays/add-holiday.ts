import type { EntityManager } from '@mikro-orm/postgresql';
import type { TCreateHolidayRequest, THoliday } from '../../../../shared/schemas/rota/holidays.js';
import { Holiday } from '../../../db/entities/holiday.js';
import { Hospital } from '../../../db/entities/hospital.js';
import type { ServiceContext } from '../../service-context.js';

/** Adds a hospital-wide holiday; a date already listed is renamed, so adding one twice is harmless. */
export async function addHoliday(em: EntityManager, input: TCreateHolidayRequest & { hospitalId: number }, ctx: ServiceContext): Promise<THoliday> {
  await em.upsert(
    Holiday,
    { hospital: em.getReference(Hospital, input.hospitalId), date: input.date, name: input.name, createdAt: ctx.now },
    { onConflictFields: ['hospital', 'date'], onConflictAction: 'merge', onConflictMergeFields: ['name'] },
  );
  return { date: input.date, name: input.name };
}
