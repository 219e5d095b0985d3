import type { EntityManager } from '@mikro-orm/postgresql';
import { User, type IUser } from '../../db/entities/user.js';
import type { PasswordHasher } from '../accounts/passwords.js';
import { recordAuthEvent } from '../audit/record-auth-event.js';
import type { RequestClient } from '../request-client.js';
import { revokeSessions } from '../sessions/revoke-sessions.js';
import { findManagedUser } from './find-managed-user.js';

export interface ResetPasswordOptions {
  actor: IUser;
  client: RequestClient;
  hasher: PasswordHasher;
  now: Date;
}

/**
 * Gives an account a new initial password that must be changed at next sign-in, and ends every one
 * of its sessions: whoever held the old password, or a session, is out.
 */
export async function resetPassword(em: EntityManager, userId: number, password: string, options: ResetPasswordOptions): Promise<void> {
  const { actor, client, now } = options;
  const user = await findManagedUser(em, actor, userId);
  const passwordHash = await options.hasher.hash(password);
  await em.transactional(async (tx) => {
    await tx.nativeUpdate(User, { id: user.id }, { passwordHash, mustChangePassword: true, updatedAt: now });
    await revokeSessions(tx, { user: user.id }, now);
    recordAuthEvent(tx, { type: 'password_reset', client, userId: user.id, actorId: actor.id }, now);
  });
}
