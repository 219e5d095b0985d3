import type { EntityManager } from '@mikro-orm/postgresql';
import { Invite } from '../../db/entities/invite.js';
import { tokenHash } from '../sessions/tokens.js';

// What randomToken() produces: 32 bytes as unpadded base64url.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The hash of an invitation token as it came in, or null when it cannot be one. A token taken from a
 * URL path arrives percent-encoded; real tokens contain no `%`, so decoding changes nothing for them,
 * and malformed encodings, slashes, dots or 500-character strings are simply not found.
 */
export function inviteTokenHash(raw: string): string | null {
  let token: string;
  try {
    token = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return TOKEN_SHAPE.test(token) ? tokenHash(token) : null;
}

/** The invitation a token belongs to, whatever its state, with its ward and inviter. */
export async function findInviteByToken(em: EntityManager, raw: string) {
  const hash = inviteTokenHash(raw);
  if (!hash) return null;
  return em.findOne(Invite, { tokenHash: hash }, { populate: ['ward', 'createdBy'] });
}
