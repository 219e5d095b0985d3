import type { EntityManager } from '@mikro-orm/postgresql';
import { Session } from '../../db/entities/session.js';
import type { LiveSession } from './find-live-session.js';

export const LAST_SEEN_RESOLUTION_MS = 60_000;

/** Records activity at most once a minute per session, so reads do not turn into writes. */
export async function touchSession(em: EntityManager, session: Pick<LiveSession, 'id' | 'lastSeenAt'>, now: Date): Promise<void> {
  const staleBefore = new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS);
  if (session.lastSeenAt > staleBefore) return;
  // Conditional, so that several processes seeing the same stale value write once.
  await em.nativeUpdate(Session, { id: session.id, lastSeenAt: { $lte: staleBefore } }, { lastSeenAt: now });
}
