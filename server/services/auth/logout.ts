import type { EntityManager } from '@mikro-orm/postgresql';
import { Session } from '../../db/entities/session.js';
import { recordAuthEvent } from '../audit/record-auth-event.js';
import type { PublicServiceContext } from '../service-context.js';
import { revokeSessions } from '../sessions/revoke-sessions.js';
import { tokenHash } from '../sessions/tokens.js';

/** Revokes the session of `token`, if it is live. Signing out twice is not an error. */
export async function logout(em: EntityManager, input: { token: string | null }, ctx: PublicServiceContext): Promise<void> {
  const { token } = input;
  const { client, now } = ctx;
  if (!token) return;
  await em.transactional(async (tx) => {
    const session = await tx.findOne(Session, { tokenHash: tokenHash(token), revokedAt: null });
    if (!session || (await revokeSessions(tx, { id: session.id }, now)) === 0) return;
    recordAuthEvent(tx, { type: 'logout', client, userId: session.user.id }, now);
  });
}
