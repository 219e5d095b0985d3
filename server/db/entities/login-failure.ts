import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

/**
 * One failed sign-in, or one whose password is still being checked (`pending`). The rate limiter counts
 * these inside its window, so every process sharing the database shares one count.
 */
export const LoginFailure = defineEntity({
  name: 'LoginFailure',
  properties: {
    id: p.integer().primary().autoincrement(),
    usernameKey: p.string().length(200),
    ip: p.string().length(64),
    /** Claimed for a password check that has not finished; becomes a failure or is deleted. */
    pending: p.boolean().default(false),
    createdAt: p.datetime(),
  },
  indexes: [
    { name: 'login_failure_pair_index', properties: ['usernameKey', 'ip', 'createdAt'] },
    { name: 'login_failure_ip_index', properties: ['ip', 'createdAt'] },
    // The cleanup deletes by age alone.
    { name: 'login_failure_created_at_index', properties: ['createdAt'] },
  ],
});

export type ILoginFailure = InferEntity<typeof LoginFailure>;
