import type { EntityManager } from '@mikro-orm/postgresql';
import type { TSession } from '../../../shared/schemas/sessions.js';
import { Session } from '../../db/entities/session.js';

/** The user's live sessions (neither revoked nor expired at `now`), newest first. */
export async function listSessions(em: EntityManager, userId: number, currentSessionId: string, now: Date): Promise<TSession[]> {
  const sessions = await em.find(
    Session,
    { user: userId, revokedAt: null, expiresAt: { $gt: now } },
    { orderBy: { createdAt: 'desc', id: 'asc' } },
  );
  return sessions.map((session) => ({
    id: session.id,
    createdAt: session.createdAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    userAgent: session.userAgent ?? null,
    ip: session.ip ?? null,
    current: session.id === currentSessionId,
  }));
}
