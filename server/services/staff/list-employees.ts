import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../db/entities/user.js';
import type { IWard } from '../../db/entities/ward.js';

/** Every account whose home ward is `ward`, managers included, active or not, oldest first. */
export async function listEmployees(em: EntityManager, ward: IWard) {
  return em.find(User, { ward: ward.id }, { orderBy: { id: 'asc' } });
}
