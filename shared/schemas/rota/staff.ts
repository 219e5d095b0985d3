import { z } from 'zod';
import { ZUserRole } from '../user.js';
import { trimmedText, ZRotaBodyId, ZRotaOk, ZRotaPathId } from './common.js';

/** An account of the ward with its rota profile; `skills: []` and `contractId: null` without one. */
export const ZStaffMember = z.object({
  userId: z.number().int(),
  name: z.string(),
  username: z.string(),
  role: ZUserRole,
  /** The first is the default skill of the person's assignments. */
  skills: z.array(z.string()),
  contractId: z.number().int().nullable(),
  active: z.boolean(),
});
export type TStaffMember = z.infer<typeof ZStaffMember>;

export const ZListStaffResponse = z.object({ staff: z.array(ZStaffMember) });
export type TListStaffResponse = z.infer<typeof ZListStaffResponse>;

export const ZStaffMemberResponse = z.object({ staffMember: ZStaffMember });
export type TStaffMemberResponse = z.infer<typeof ZStaffMemberResponse>;

/**
 * The most distinct skills a ward's staff profiles may name together, and its coverage table too (docs/rota.md §10):
 * a schedule's requirements are kept per day, shift type and skill, so skills bound what scoring one costs.
 */
export const MAX_WARD_SKILLS = 50;

/** A skill: trimmed, 1 to 50 characters. */
export const ZSkill = trimmedText(50);

export const ZSetStaffProfileRequest = z.object({
  userId: ZRotaPathId,
  skills: z
    .array(ZSkill)
    .min(1)
    .max(10)
    .refine((skills) => new Set(skills).size === skills.length, 'Skills must be distinct.'),
  /** A contract of the ward, or null for none. */
  contractId: ZRotaBodyId.nullable().default(null),
});
export type TSetStaffProfileRequest = z.infer<typeof ZSetStaffProfileRequest>;

export const ZStaffUserRequest = z.object({ userId: ZRotaPathId });
export type TStaffUserRequest = z.infer<typeof ZStaffUserRequest>;

export const ZRemoveStaffProfileResponse = ZRotaOk;
