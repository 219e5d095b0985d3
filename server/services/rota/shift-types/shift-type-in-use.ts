import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Whether a schedule uses the shift type: a cell of any schedule holds it, a schedule's carry-in names it as a
 * last shift, or a solve of its ward is queued or running (the solver may give it cells, which could then not be
 * written back). Such a shift type may be deactivated but not deleted (docs/rota.md §2). Starting a solve takes the
 * ward's lock, which the delete holds around this check, so the two never both pass.
 */
export async function shiftTypeInUse(em: EntityManager, shiftTypeId: number): Promise<boolean> {
  const rows = await em.execute(
    `select 1 where exists (select 1 from assignment where shift_type_id = ?)
                 or exists (select 1 from schedule_carry_in where last_shift_type_id = ?)
                 or exists (select 1 from solve_job j join shift_type t on t.ward_id = j.ward_id
                             where t.id = ? and j.status in ('queued', 'running'))`,
    [shiftTypeId, shiftTypeId, shiftTypeId],
  );
  return rows.length > 0;
}
