import type { EntityManager } from '@mikro-orm/postgresql';
import { recordAuthEvent } from '../audit/record-auth-event.js';
import type { RequestClient } from '../request-client.js';
import { revokeSessions } from './revoke-sessions.js';

/** Revokes every live session of the user except the current one; answers how many were revoked. */
export async function revokeOtherSessions(
  em: EntityManager,
  input: { userId: number; currentSessionId: string; client: RequestClient },
  now: Date,
): Promise<number> {
  return em.transactional(async (tx) => {
    const revoked = await revokeSessions(tx, { user: input.userId, id: { $ne: input.currentSessionId } }, now);
    recordAuthEvent(tx, { type: 'sessions_revoked_others', client: input.client, userId: input.userId }, now);
    return revoked;
  });
}
