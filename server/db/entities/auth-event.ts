import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from './user.js';

/** Audit trail of authentication events. Never holds a password, token, hash or cookie. */
export const AuthEvent = defineEntity({
  name: 'AuthEvent',
  properties: {
    id: p.integer().primary().autoincrement(),
    type: p.string().length(64),
    /** The account the event is about, when one is known. */
    user: () => p.manyToOne(User).nullable().deleteRule('set null'),
    /** Who did it, when not the account itself (a manager resetting a password, say). */
    actor: () => p.manyToOne(User).nullable().deleteRule('set null'),
    /** The username as typed at a failed sign-in. */
    username: p.string().length(200).nullable(),
    reason: p.string().length(64).nullable(),
    ip: p.string().length(64).nullable(),
    userAgent: p.string().length(512).nullable(),
    createdAt: p.datetime().index('auth_event_created_at_index'),
  },
  // The sign-in refusal check looks up an address's recent events of one type.
  indexes: [{ name: 'auth_event_ip_type_created_at_index', properties: ['ip', 'type', 'createdAt'] }],
});

export type IAuthEvent = InferEntity<typeof AuthEvent>;
