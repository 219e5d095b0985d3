import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Session } from '../../db/entities/session.js';
import { User } from '../../db/entities/user.js';
import { storedUserAgent, type RequestClient } from '../request-client.js';
import { randomToken, tokenHash } from './tokens.js';

/** A new session's token and the columns of its row but its user's: what every way of starting one stores. */
export function newSession(client: RequestClient, now: Date, ttlSeconds: number) {
  const token = randomToken();
  const row = {
    id: randomUUID(),
    tokenHash: tokenHash(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    lastSeenAt: now,
    userAgent: storedUserAgent(client),
    ip: client.ip,
  };
  return { token, row };
}

/** Adds a session to the unit of work and returns it with its token; the caller's flush stores it. */
export function createSession(em: EntityManager, userId: number, client: RequestClient, now: Date, ttlSeconds: number) {
  const { token, row } = newSession(client, now, ttlSeconds);
  const session = em.create(Session, { ...row, user: em.getReference(User, userId) });
  return { session, token };
}
