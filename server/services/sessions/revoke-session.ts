import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../app-error.js';
import { recordAuthEvent } from '../audit/record-auth-event.js';
import type { ServiceContext } from '../service-context.js';
import { revokeSessions } from './revoke-sessions.js';

// What PostgreSQL's uuid type accepts in its canonical form; anything else cannot name a session.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface RevokeSessionInput {
  /** As it came in the path: not URL-decoded, possibly not a uuid at all. */
  sessionId: string;
}

/**
 * Revokes one of the user's own live sessions. Any other id — another user's, revoked, expired or
 * malformed — is 404 session_not_found, so the answer reveals nothing about sessions of others.
 */
export async function revokeSession(em: EntityManager, input: RevokeSessionInput, ctx: ServiceContext): Promise<void> {
  const { actor, client, now } = ctx;
  // Checked here rather than as 400 invalid_input: to the caller it is simply not one of their sessions.
  if (!UUID.test(input.sessionId)) throw new AppError('session_not_found');
  const sessionId = input.sessionId.toLowerCase();
  await em.transactional(async (tx) => {
    const revoked = await revokeSessions(tx, { id: sessionId, user: actor.id }, now);
    if (revoked === 0) throw new AppError('session_not_found');
    recordAuthEvent(tx, { type: 'session_revoked', client, userId: actor.id }, now);
  });
}
