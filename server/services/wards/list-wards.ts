import type { EntityManager } from '@mikro-orm/postgresql';
import type { IUser } from '../../db/entities/user.js';
import { Ward, type IWard } from '../../db/entities/ward.js';

/** The wards `user` may select: every ward of the hospital for a super admin, else the home ward. */
export async function listWards(em: EntityManager, user: IUser): Promise<IWard[]> {
  if (user.isSuperAdmin) return em.find(Ward, { hospital: user.hospital.id }, { orderBy: { id: 'asc' } });
  return [await em.findOneOrFail(Ward, user.ward.id)];
}
