import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { User } from '../../db/entities/user.js';
import { WebauthnChallenge, type ChallengePurpose } from '../../db/entities/webauthn-challenge.js';
import { CHALLENGE_LIFETIME_MS } from './relying-party.js';

export interface NewChallenge {
  purpose: ChallengePurpose;
  challenge: string;
  userId?: number;
  userHandle?: string;
}

// Challenges of ceremonies never finished would pile up: each new one clears those long expired.
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/** Stores a challenge for 5 minutes and returns its id. */
export async function storeChallenge(em: EntityManager, input: NewChallenge, now: Date): Promise<string> {
  await em.nativeDelete(WebauthnChallenge, { expiresAt: { $lt: new Date(now.getTime() - STALE_AFTER_MS) } });
  const row = em.create(WebauthnChallenge, {
    id: randomUUID(),
    purpose: input.purpose,
    challenge: input.challenge,
    user: input.userId ? em.getReference(User, input.userId) : null,
    userHandle: input.userHandle ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
    usedAt: null,
  });
  await em.flush();
  return row.id;
}

/**
 * Marks an open challenge used: one conditional UPDATE, so that of two requests presenting it,
 * in one process or several, exactly one gets it. Returns whether this call did.
 */
export async function consumeChallenge(em: EntityManager, id: string, now: Date): Promise<boolean> {
  const claimed = await em.nativeUpdate(
    WebauthnChallenge,
    { id, usedAt: null, expiresAt: { $gt: now } },
    { usedAt: now },
  );
  return claimed === 1;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An open (unused, unexpired) challenge of that purpose, by id; null for anything else, malformed ids included. */
export async function findOpenChallenge(em: EntityManager, id: string, purpose: ChallengePurpose, now: Date) {
  if (!UUID.test(id)) return null;
  return em.findOne(WebauthnChallenge, { id: id.toLowerCase(), purpose, usedAt: null, expiresAt: { $gt: now } });
}

/** The challenge a client data JSON (base64url) carries, or null when it cannot be read. */
export function clientDataChallenge(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' ? data.challenge : null;
  } catch {
    return null;
  }
}
