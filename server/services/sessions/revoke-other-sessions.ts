import type { EntityManager } from '@mikro-orm/postgresql';
import { recordAuthEvent } from '../audit/record-auth-event.js';
import type { ServiceContext } from '../service-context.js';
import { revokeSessions } from './revoke-sessions.js';

/** Revokes every live session of the user except the current one; answers how many were revoked. */
export async function revokeOtherSessions(em: EntityManager, input: { currentSessionId: string }, ctx: ServiceContext): Promise<number> {
  const { actor, client, now } = ctx;
  return em.transactional(async (tx) => {
    const revoked = await revokeSessions(tx, { user: actor.id, id: { $ne: input.currentSessionId } }, now);
    recordAuthEvent(tx, { type: 'sessions_revoked_others', client, userId: actor.id }, now);
    return revoked;
  });
}
