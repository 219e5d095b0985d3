import { z } from 'zod';
import { ZOk } from './fields.js';

// Sign-in accepts any non-empty strings: an ill-formed username is simply not found.
export const ZLoginRequest = z.object({
  username: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(1000),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZLogoutRequest = z.object({}).optional();
export const ZLogoutResponse = ZOk;
export type TLogoutResponse = z.infer<typeof ZLogoutResponse>;
