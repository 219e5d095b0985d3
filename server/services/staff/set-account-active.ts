import type { EntityManager } from '@mikro-orm/postgresql';
import { User, type IUser } from '../../db/entities/user.js';
import { recordAuthEvent } from '../audit/record-auth-event.js';
import type { RequestClient } from '../request-client.js';
import { revokeSessions } from '../sessions/revoke-sessions.js';
import { findManagedUser } from './find-managed-user.js';

export interface SetAccountActiveOptions {
  actor: IUser;
  client: RequestClient;
  now: Date;
}

/**
 * Deactivates or reactivates an account. Deactivation also revokes every session at once, so the
 * account is out now, not at its next sign-in. Repeating either is not an error and records nothing.
 */
export async function setAccountActive(em: EntityManager, userId: number, active: boolean, options: SetAccountActiveOptions): Promise<void> {
  const { actor, client, now } = options;
  const user = await findManagedUser(em, actor, userId);
  await em.transactional(async (tx) => {
    const changed = await tx.nativeUpdate(User, { id: user.id, active: !active }, { active, updatedAt: now });
    // Revoked even when already inactive: no live session of an inactive account may survive.
    if (!active) await revokeSessions(tx, { user: user.id }, now);
    if (changed) {
      recordAuthEvent(tx, { type: active ? 'account_activated' : 'account_deactivated', client, userId: user.id, actorId: actor.id }, now);
    }
  });
}
