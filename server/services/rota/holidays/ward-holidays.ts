import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The dates from `from` to `to` (inclusive) that are holidays for a ward: its hospital's holidays (docs/rota.md §4). A
 * schedule's coverage and the ward's ledger read them here, so both mean the same days.
 */
export async function wardHolidays(em: EntityManager, input: { wardId: number; from: string; to: string }): Promise<Set<string>> {
  const rows = await em.execute<{ date: string }[]>(
    'select h.date::text as date from holiday h join ward w on w.hospital_id = h.hospital_id where w.id = ? and h.date between ?::date and ?::date',
    [input.wardId, input.from, input.to],
  );
  return new Set(rows.map((row) => row.date));
}
