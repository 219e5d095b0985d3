import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Hospital } from './hospital.js';
import { User } from './user.js';
import { Ward } from './ward.js';

export const INVITE_ROLES = ['staff', 'head_nurse'] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];

export const Invite = defineEntity({
  name: 'Invite',
  properties: {
    id: p.integer().primary().autoincrement(),
    hospital: () => p.manyToOne(Hospital),
    ward: () => p.manyToOne(Ward).index('invite_ward_index'),
    role: p.enum(INVITE_ROLES),
    name: p.string().length(200).nullable(),
    category: p.string().length(100).nullable(),
    /** SHA-256 (hex) of the invitation token; the token itself is never stored. */
    tokenHash: p.string().length(64).unique('invite_token_hash_unique'),
    createdBy: () => p.manyToOne(User),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    usedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    revokedAt: p.datetime().nullable(),
  },
});

export type IInvite = InferEntity<typeof Invite>;
