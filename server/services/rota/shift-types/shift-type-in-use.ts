import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Whether a schedule uses the shift type: a cell of any schedule holds it, or a schedule's carry-in
 * names it as a last shift. Such a shift type may be deactivated but not deleted (ROTA.md §2).
 */
export async function shiftTypeInUse(em: EntityManager, shiftTypeId: number): Promise<boolean> {
  const rows = await em.execute(
    `select 1 where exists (select 1 from assignment where shift_type_id = ?)
                 or exists (select 1 from schedule_carry_in where last_shift_type_id = ?)`,
    [shiftTypeId, shiftTypeId],
  );
  return rows.length > 0;
}
