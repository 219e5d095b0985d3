import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Whether a schedule uses the shift type: a cell of any schedule holds it, or a schedule's carry-in
 * names it as a last shift. Such a shift type may be deactivated but not deleted (ROTA.md §2).
 * Schedules are not stored yet: their work completes this with the queries on their tables.
 */
export async function shiftTypeInUse(_em: EntityManager, _shiftTypeId: number): Promise<boolean> {
  return false;
}
