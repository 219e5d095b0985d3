import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Session, type ISession } from '../../db/entities/session.js';

/** Revokes the live sessions matching `where`; answers how many were revoked. */
export async function revokeSessions(em: EntityManager, where: FilterQuery<ISession>, now: Date): Promise<number> {
  return em.nativeUpdate(Session, { $and: [where, { revokedAt: null, expiresAt: { $gt: now } }] }, { revokedAt: now });
}
