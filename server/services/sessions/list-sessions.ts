import type { EntityManager } from '@mikro-orm/postgresql';
import type { TSession } from '../../../shared/schemas/sessions.js';
import { Session } from '../../db/entities/session.js';
import type { ServiceContext } from '../service-context.js';

/** The user's live sessions (neither revoked nor expired at `now`), newest first. */
export async function listSessions(em: EntityManager, input: { currentSessionId: string }, ctx: ServiceContext): Promise<TSession[]> {
  const { now } = ctx;
  const sessions = await em.find(
    Session,
    { user: ctx.actor.id, revokedAt: null, expiresAt: { $gt: now } },
    { orderBy: { createdAt: 'desc', id: 'asc' } },
  );
  return sessions.map((session) => ({
    id: session.id,
    createdAt: session.createdAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    userAgent: session.userAgent ?? null,
    ip: session.ip ?? null,
    current: session.id === input.currentSessionId,
  }));
}
