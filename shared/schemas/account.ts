import { z } from 'zod';
import { ZOk, ZPassword } from './fields.js';

export const ZChangePasswordRequest = z.object({
  // Any string: a `current` that could never have been a password is simply wrong, not invalid.
  current: z.string().min(1).max(1000),
  next: ZPassword,
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZChangePasswordResponse = ZOk;
export type TChangePasswordResponse = z.infer<typeof ZChangePasswordResponse>;
