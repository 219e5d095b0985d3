import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../app-error.js';
import type { IUser } from '../../db/entities/user.js';
import { Ward, type IWard } from '../../db/entities/ward.js';

/** Whether `user` may work in `ward`: a super admin in every ward of the hospital, others in their home ward. */
export function mayUseWard(user: IUser, ward: IWard): boolean {
  if (ward.hospital.id !== user.hospital.id) return false;
  return user.isSuperAdmin || ward.id === user.ward.id;
}

/**
 * The ward a request works in: the one it names (`X-Ward` or `?ward=`), else the user's home ward.
 * A selection that is not a ward id is invalid input; one the user may not use, or that does not exist, is forbidden.
 */
export async function selectWard(em: EntityManager, user: IUser, requested: string | undefined): Promise<IWard> {
  if (requested === undefined) {
    // The session lookup put the home ward in the identity map: take it from there without a query's machinery.
    return em.getUnitOfWork().getById(Ward, user.ward.id) ?? em.findOneOrFail(Ward, user.ward.id);
  }
  if (!/^\d{1,9}$/.test(requested)) {
    throw new AppError('invalid_input', { issues: [{ path: 'ward', message: 'The ward selection must be a numeric ward id.' }] });
  }
  const ward = await em.findOne(Ward, Number(requested));
  if (!ward || !mayUseWard(user, ward)) throw new AppError('ward_forbidden');
  return ward;
}
