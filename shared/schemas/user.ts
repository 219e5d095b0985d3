import { z } from 'zod';

export const ZUserRole = z.enum(['manager', 'employee']);

/** The user object: never a password hash, token or secret. */
export const ZUser = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  role: ZUserRole,
  mustChangePassword: z.boolean(),
  isSuperAdmin: z.boolean(),
  wardId: z.number().int(),
  active: z.boolean(),
  email: z.string().optional(),
  category: z.string().optional(),
  title: z.string().optional(),
  gender: z.string().optional(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZUserEnvelope = z.object({ user: ZUser });
export type TUserEnvelope = z.infer<typeof ZUserEnvelope>;

export const ZWardSummary = z.object({ id: z.number().int(), name: z.string() });
export type TWardSummary = z.infer<typeof ZWardSummary>;
