import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Session } from '../../db/entities/session.js';
import { User } from '../../db/entities/user.js';
import type { RequestClient } from '../request-client.js';
import { randomToken, tokenHash } from './tokens.js';

/** Adds a session to the unit of work and returns it with its token; the caller's flush stores it. */
export function createSession(em: EntityManager, userId: number, client: RequestClient, now: Date, ttlSeconds: number) {
  const token = randomToken();
  const session = em.create(Session, {
    id: randomUUID(),
    tokenHash: tokenHash(token),
    user: em.getReference(User, userId),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    lastSeenAt: now,
    userAgent: client.userAgent?.slice(0, 512) ?? null,
    ip: client.ip,
  });
  return { session, token };
}
