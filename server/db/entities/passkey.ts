import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from './user.js';

/** A WebAuthn credential registered by a user: what verifying its later assertions needs, and its name. */
export const Passkey = defineEntity({
  name: 'Passkey',
  properties: {
    /** Public identifier, unrelated to the credential id. */
    id: p.uuid().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade').index('passkey_user_index'),
    /** The credential id as the authenticator gave it (base64url); what a sign-in names. */
    credentialId: p.string().length(1400).unique('passkey_credential_id_unique'),
    /** COSE-encoded public key. */
    publicKey: p.blob(),
    /** The authenticator's signature counter; 0 for one that keeps none. A uint32, hence bigint. */
    counter: p.bigint('number').default(0),
    transports: p.array().nullable(),
    /** The WebAuthn user handle the credential was created with (base64url). */
    userHandle: p.string().length(128),
    /** Whether the credential may be synced to other devices (backup eligible). */
    multiDevice: p.boolean(),
    backedUp: p.boolean(),
    name: p.string().length(100),
    createdAt: p.datetime(),
    lastUsedAt: p.datetime().nullable(),
  },
});

export type IPasskey = InferEntity<typeof Passkey>;
