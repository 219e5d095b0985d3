import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

/** One failed sign-in; the rate limiter counts these inside its window, so every process shares one count. */
export const LoginFailure = defineEntity({
  name: 'LoginFailure',
  properties: {
    id: p.integer().primary().autoincrement(),
    usernameKey: p.string().length(200),
    ip: p.string().length(64),
    createdAt: p.datetime(),
  },
  indexes: [
    { name: 'login_failure_pair_index', properties: ['usernameKey', 'ip', 'createdAt'] },
    { name: 'login_failure_ip_index', properties: ['ip', 'createdAt'] },
  ],
});

export type ILoginFailure = InferEntity<typeof LoginFailure>;
