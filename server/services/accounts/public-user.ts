import type { TUser } from '../../../shared/schemas/user.js';
import type { IUser } from '../../db/entities/user.js';

/** The user object as it leaves the service: listed fields only, never the password hash. */
export function publicUser(user: IUser): TUser {
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    role: user.role,
    mustChangePassword: user.mustChangePassword,
    isSuperAdmin: user.isSuperAdmin,
    wardId: user.ward.id,
    active: user.active,
    ...(user.email ? { email: user.email } : {}),
    ...(user.category ? { category: user.category } : {}),
    ...(user.title ? { title: user.title } : {}),
    ...(user.gender ? { gender: user.gender } : {}),
  };
}
