import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Hospital } from './hospital.js';
import { Ward } from './ward.js';

export const USER_ROLES = ['manager', 'employee'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const User = defineEntity({
  name: 'User',
  tableName: 'app_user',
  properties: {
    id: p.integer().primary().autoincrement(),
    hospital: () => p.manyToOne(Hospital),
    /** The home ward. */
    ward: () => p.manyToOne(Ward),
    name: p.string().length(200),
    username: p.string().length(64),
    /** The folded username (`usernameKey()`): the unique index that keeps look-alike usernames one account. */
    usernameKey: p.string().length(128).unique('app_user_username_key_unique'),
    passwordHash: p.text().lazy(),
    role: p.enum(USER_ROLES),
    isSuperAdmin: p.boolean().default(false),
    mustChangePassword: p.boolean().default(false),
    active: p.boolean().default(true),
    email: p.string().length(254).nullable(),
    category: p.string().length(100).nullable(),
    title: p.string().length(100).nullable(),
    gender: p.string().length(20).nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export type IUser = InferEntity<typeof User>;
