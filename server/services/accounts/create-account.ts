import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../app-error.js';
import { User, type IUser, type UserRole } from '../../db/entities/user.js';
import { violatedUniqueConstraint } from '../../db/unique-violation.js';
import type { ServiceContext } from '../service-context.js';
import { usernameKey } from './username-key.js';

export interface NewAccount {
  hospitalId: number;
  wardId: number;
  name: string;
  username: string;
  passwordHash: string;
  role: UserRole;
  mustChangePassword: boolean;
  isSuperAdmin?: boolean;
  email?: string | null;
  category?: string | null;
  title?: string | null;
  gender?: string | null;
}

// The index that makes usernames unique; a violation of any other is not a taken username.
const USERNAME_UNIQUE = 'app_user_username_key_unique';

/**
 * Inserts an account (only it: nothing else pending in the unit of work is written). Usernames are unique case-insensitively through a unique index on
 * the normalised form, so two racing requests cannot both succeed: the loser gets 409 `username_taken`.
 * Run it inside the caller's transaction when other writes must stand or fall with it.
 */
export async function createAccount(em: EntityManager, account: NewAccount, ctx: Pick<ServiceContext, 'now'>): Promise<IUser> {
  const { now } = ctx;
  const row = {
    hospital: account.hospitalId,
    ward: account.wardId,
    name: account.name,
    username: account.username,
    usernameKey: usernameKey(account.username),
    passwordHash: account.passwordHash,
    role: account.role,
    isSuperAdmin: account.isSuperAdmin ?? false,
    mustChangePassword: account.mustChangePassword,
    active: true,
    email: account.email ?? null,
    category: account.category ?? null,
    title: account.title ?? null,
    gender: account.gender ?? null,
    createdAt: now,
    updatedAt: now,
  };
  let id: number;
  try {
    id = await em.insert(User, row);
  } catch (error) {
    if (violatedUniqueConstraint(error) === USERNAME_UNIQUE) throw new AppError('username_taken', { cause: error });
    throw error;
  }
  return em.findOneOrFail(User, id);
}
