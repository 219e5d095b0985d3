import { z } from 'zod';
import { ZId, ZName, ZOk, ZPassword, ZShortText, ZUsername } from './fields.js';
import { ZUser } from './user.js';

/** An optional free-text field of a staff record: trimmed, at most 100 characters; blank means absent. */
const ZStaffLabel = ZShortText.nullish();

export const ZCreateEmployeeRequest = z.object({
  name: ZName,
  username: ZUsername,
  password: ZPassword,
  email: z.email().max(254).nullish(),
  category: ZStaffLabel,
  title: ZStaffLabel,
});
export type TCreateEmployeeRequest = z.infer<typeof ZCreateEmployeeRequest>;

export const ZCreateEmployeeResponse = z.object({ id: z.number().int(), username: z.string() });
export type TCreateEmployeeResponse = z.infer<typeof ZCreateEmployeeResponse>;

export const ZListEmployeesResponse = z.object({ employees: z.array(ZUser) });
export type TListEmployeesResponse = z.infer<typeof ZListEmployeesResponse>;

/** The `{id}` of `/api/employees/{id}/…`: a user id (PostgreSQL integer range). */
export const ZEmployeeId = ZId;

export const ZEmployeeRequest = z.object({ id: ZEmployeeId });
export type TEmployeeRequest = z.infer<typeof ZEmployeeRequest>;

export const ZResetPasswordRequest = z.object({ id: ZEmployeeId, password: ZPassword });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const ZEmployeeActionResponse = ZOk;
export type TEmployeeActionResponse = z.infer<typeof ZEmployeeActionResponse>;
