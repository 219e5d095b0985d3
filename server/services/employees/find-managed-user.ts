import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../app-error.js';
import { User, type IUser } from '../../db/entities/user.js';
import { mayUseWard } from '../wards/select-ward.js';

/**
 * The account `actor` may reset, deactivate or activate. Accounts outside the wards the actor may use
 * are 404 `user_not_found`, exactly like ids that do not exist, so nothing is learnt about other wards.
 * Managers do not act on themselves here (they change their own password, and must not lock themselves
 * out), and only a super admin acts on another manager: a head nurse resetting a peer's password could
 * sign in as them, and one resetting the super admin's would take over the whole hospital.
 */
export async function findManagedUser(em: EntityManager, actor: IUser, userId: number): Promise<IUser> {
  if (userId === actor.id) throw new AppError('forbidden');
  const user = await em.findOne(User, userId, { populate: ['ward'] });
  if (!user || !mayUseWard(actor, user.ward)) throw new AppError('user_not_found');
  if (user.role === 'manager' && !actor.isSuperAdmin) throw new AppError('forbidden');
  return user;
}
