import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Whether a published schedule of the ward includes `date`: preferences for such a day are frozen
 * (ROTA.md §5, §6). Schedules are not stored yet: their work completes this with a query on their table.
 */
export async function publishedScheduleCovers(_em: EntityManager, _wardId: number, _date: string): Promise<boolean> {
  return false;
}
