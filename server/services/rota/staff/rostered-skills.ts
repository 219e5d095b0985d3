import type { EntityManager } from '@mikro-orm/postgresql';

/** The skills of a rostered staff member of the ward (an active account of it with a profile), or null for anyone else. */
export async function rosteredSkills(em: EntityManager, wardId: number, userId: number): Promise<string[] | null> {
  const rows = await em.execute<{ skills: string[] }[]>(
    'select sp.skills from app_user u join staff_profile sp on sp.user_id = u.id where u.id = ? and u.ward_id = ? and u.active',
    [userId, wardId],
  );
  return rows[0]?.skills ?? null;
}
