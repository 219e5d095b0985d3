import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../app-error.js';
import { Holiday } from '../../../db/entities/holiday.js';
import type { ServiceContext } from '../../service-context.js';

/** Removes the hospital's holiday on `date`; a date that is not one is 404 `not_found`. */
export async function removeHoliday(em: EntityManager, input: { hospitalId: number; date: string }, _ctx: ServiceContext): Promise<void> {
  if (!(await em.nativeDelete(Holiday, { hospital: input.hospitalId, date: input.date }))) throw new AppError('not_found');
}
