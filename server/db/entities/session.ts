import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from './user.js';

export const Session = defineEntity({
  name: 'Session',
  properties: {
    /** Public identifier, unrelated to the cookie token. */
    id: p.uuid().primary(),
    /** SHA-256 (hex) of the cookie token; the token itself is never stored. */
    tokenHash: p.string().length(64).unique('session_token_hash_unique'),
    user: () => p.manyToOne(User).deleteRule('cascade').index('session_user_index'),
    createdAt: p.datetime(),
    /** The cleanup deletes sessions long expired. */
    expiresAt: p.datetime().index('session_expires_at_index'),
    lastSeenAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    userAgent: p.string().length(512).nullable(),
    ip: p.string().length(64).nullable(),
  },
});

export type ISession = InferEntity<typeof Session>;
