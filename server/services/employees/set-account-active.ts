import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../db/entities/user.js';
import { recordAuthEvent } from '../audit/record-auth-event.js';
import type { ServiceContext } from '../service-context.js';
import { revokeSessions } from '../sessions/revoke-sessions.js';
import { findManagedUser } from './find-managed-user.js';

/**
 * Deactivates or reactivates an account. Deactivation also revokes every session at once, so the
 * account is out now, not at its next sign-in. Repeating either is not an error and records nothing.
 */
export async function setAccountActive(em: EntityManager, input: { id: number; active: boolean }, ctx: ServiceContext): Promise<void> {
  const { active } = input;
  const { actor, client, now } = ctx;
  const user = await findManagedUser(em, actor, input.id);
  await em.transactional(async (tx) => {
    const changed = await tx.nativeUpdate(User, { id: user.id, active: !active }, { active, updatedAt: now });
    // Revoked even when already inactive: no live session of an inactive account may survive.
    if (!active) await revokeSessions(tx, { user: user.id }, now);
    if (changed) {
      recordAuthEvent(tx, { type: active ? 'account_activated' : 'account_deactivated', client, userId: user.id, actorId: actor.id }, now);
    }
  });
}
