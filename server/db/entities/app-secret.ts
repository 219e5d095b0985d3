import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

/**
 * A secret the installation generated for itself (the session cookie's key when `SESSION_SECRET` is unset),
 * kept in the database so that every process sharing it uses the same one.
 */
export const AppSecret = defineEntity({
  name: 'AppSecret',
  properties: {
    name: p.string().length(64).primary(),
    value: p.text(),
    createdAt: p.datetime(),
  },
});

export type IAppSecret = InferEntity<typeof AppSecret>;
