import type { EntityManager } from '@mikro-orm/postgresql';
import { Session } from '../../db/entities/session.js';
import { tokenHash } from './tokens.js';

/** The session a token belongs to, with its user, when it is neither revoked nor expired. */
export async function findLiveSession(em: EntityManager, token: string, now: Date) {
  return em.findOne(Session, { tokenHash: tokenHash(token), revokedAt: null, expiresAt: { $gt: now } }, { populate: ['user'] });
}
