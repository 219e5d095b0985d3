import type { EntityManager } from '@mikro-orm/postgresql';
import { Session } from '../../db/entities/session.js';
import { tokenHash } from './tokens.js';

/**
 * The session a token belongs to, with its user and the user's home ward, when it is neither revoked
 * nor expired. The ward comes in the same query because nearly every signed-in request selects a ward:
 * `selectWard` then finds the home ward in the identity map instead of asking the database again
 * (one query per request instead of two; see BENCHMARKS.md).
 */
export async function findLiveSession(em: EntityManager, token: string, now: Date) {
  return em.findOne(
    Session,
    { tokenHash: tokenHash(token), revokedAt: null, expiresAt: { $gt: now } },
    { populate: ['user', 'user.ward'] },
  );
}
