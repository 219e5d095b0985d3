import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../app-error.js';
import { User, type IUser } from '../../../db/entities/user.js';

/** An account whose home ward is `wardId`; any other (or none) is 404 `user_not_found`, alike. */
export async function findWardMember(em: EntityManager, wardId: number, userId: number): Promise<IUser> {
  const user = await em.findOne(User, { id: userId, ward: wardId });
  if (!user) throw new AppError('user_not_found');
  return user;
}
