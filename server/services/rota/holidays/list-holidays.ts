import type { EntityManager } from '@mikro-orm/postgresql';
import type { THoliday } from '../../../../shared/schemas/rota/holidays.js';
import { Holiday } from '../../../db/entities/holiday.js';

/** The hospital's holidays in date order, within `from`/`to` when given. */
export async function listHolidays(em: EntityManager, input: { hospitalId: number; from?: string | undefined; to?: string | undefined }): Promise<THoliday[]> {
  const dates = { ...(input.from ? { $gte: input.from } : {}), ...(input.to ? { $lte: input.to } : {}) };
  const holidays = await em.find(Holiday, { hospital: input.hospitalId, ...(input.from || input.to ? { date: dates } : {}) }, { orderBy: { date: 'asc' } });
  return holidays.map((holiday) => ({ date: holiday.date, name: holiday.name }));
}
