import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Whether a published schedule of the ward includes `date`: preferences for such a day are frozen
 * (docs/rota.md §5, §6).
 */
export async function publishedScheduleCovers(em: EntityManager, wardId: number, date: string): Promise<boolean> {
  const rows = await em.execute(
    `select 1 from schedule where ward_id = ? and status = 'published' and start_date <= ?::date and end_date >= ?::date limit 1`,
    [wardId, date, date],
  );
  return rows.length > 0;
}
