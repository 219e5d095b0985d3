import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../db/entities/user.js';
import { recordAuthEvent } from '../audit/record-auth-event.js';
import type { ServiceContext, ServiceDeps } from '../service-context.js';
import { revokeSessions } from '../sessions/revoke-sessions.js';
import { findManagedUser } from './find-managed-user.js';

/**
 * Gives an account a new initial password that must be changed at next sign-in, and ends every one
 * of its sessions: whoever held the old password, or a session, is out.
 */
export async function resetPassword(
  em: EntityManager,
  input: { id: number; password: string },
  ctx: ServiceContext & Pick<ServiceDeps, 'hasher'>,
): Promise<void> {
  const { actor, client, now } = ctx;
  const user = await findManagedUser(em, actor, input.id);
  const passwordHash = await ctx.hasher.hash(input.password);
  await em.transactional(async (tx) => {
    await tx.nativeUpdate(User, { id: user.id }, { passwordHash, mustChangePassword: true, updatedAt: now });
    await revokeSessions(tx, { user: user.id }, now);
    recordAuthEvent(tx, { type: 'password_reset', client, userId: user.id, actorId: actor.id }, now);
  });
}
