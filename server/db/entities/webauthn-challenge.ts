import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from './user.js';

export const CHALLENGE_PURPOSES = ['registration', 'authentication'] as const;
export type ChallengePurpose = (typeof CHALLENGE_PURPOSES)[number];

/**
 * A WebAuthn challenge handed to a browser: kept here, not in process memory, so that any process sharing
 * the database can verify the ceremony. Used once (`usedAt`), and only until `expiresAt`.
 */
export const WebauthnChallenge = defineEntity({
  name: 'WebauthnChallenge',
  properties: {
    id: p.uuid().primary(),
    purpose: p.enum(CHALLENGE_PURPOSES),
    /** base64url, as it appears in the client data. */
    challenge: p.string().length(128).unique('webauthn_challenge_challenge_unique'),
    /** Registration: the signed-in user who asked for it. */
    user: () => p.manyToOne(User).nullable().deleteRule('cascade').index('webauthn_challenge_user_index'),
    /** Registration: the user handle offered to the authenticator. */
    userHandle: p.string().length(128).nullable(),
    createdAt: p.datetime(),
    expiresAt: p.datetime().index('webauthn_challenge_expires_at_index'),
    usedAt: p.datetime().nullable(),
  },
});

export type IWebauthnChallenge = InferEntity<typeof WebauthnChallenge>;
