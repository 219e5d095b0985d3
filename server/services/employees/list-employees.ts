import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../db/entities/user.js';
import type { IWard } from '../../db/entities/ward.js';
import type { ServiceContext } from '../service-context.js';

/** Every account whose home ward is `ward`, managers included, active or not, oldest first. */
export async function listEmployees(em: EntityManager, input: { ward: IWard }, _ctx: ServiceContext) {
  return em.find(User, { ward: input.ward.id }, { orderBy: { id: 'asc' } });
}
