import { z } from 'zod';
import { jsonBoolean, jsonInteger, trimmedText, ZRotaBodyId, ZRotaOk, ZRotaPathId } from './common.js';

/** `HH:MM`, 00:00 to 23:59, two digits each (`24:00` and `7:5` are not times). */
export const ZClockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Must be a time HH:MM from 00:00 to 23:59.')
  .meta({ description: 'HH:MM, 00:00 to 23:59.', example: '07:30' });

/** 1 to 8 letters or digits; unique in the ward regardless of letter case. */
export const ZShiftCode = z
  .string()
  .trim()
  .regex(/^[\p{L}\p{Nd}]{1,8}$/u, 'Must be 1 to 8 letters or digits.')
  .meta({ description: '1 to 8 letters or digits; unique in the ward, case-insensitively.', minLength: 1, maxLength: 8 });

const ZConsecutive = jsonInteger(1, 62);

export const ZShiftType = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
  /** Derived: from start to end, over midnight when `end <= start`. */
  minutes: z.number().int(),
  minConsecutive: z.number().int(),
  maxConsecutive: z.number().int(),
  /** Shift types of the ward that may not be worked on the day after this one. */
  forbiddenNext: z.array(z.number().int()),
  active: z.boolean(),
});
export type TShiftType = z.infer<typeof ZShiftType>;

export const ZListShiftTypesResponse = z.object({ shiftTypes: z.array(ZShiftType) });
export type TListShiftTypesResponse = z.infer<typeof ZListShiftTypesResponse>;

export const ZShiftTypeResponse = z.object({ shiftType: ZShiftType });
export type TShiftTypeResponse = z.infer<typeof ZShiftTypeResponse>;

const consecutiveInOrder = (value: { minConsecutive?: number | undefined; maxConsecutive?: number | undefined }) =>
  value.minConsecutive === undefined || value.maxConsecutive === undefined || value.minConsecutive <= value.maxConsecutive;
const CONSECUTIVE_ORDER = { message: 'minConsecutive must not exceed maxConsecutive.', path: ['maxConsecutive'] };

export const ZCreateShiftTypeRequest = z
  .object({
    code: ZShiftCode,
    name: trimmedText(100),
    start: ZClockTime,
    end: ZClockTime,
    minConsecutive: ZConsecutive.default(1),
    maxConsecutive: ZConsecutive.default(28),
    forbiddenNext: z.array(ZRotaBodyId).max(50).default([]),
    active: jsonBoolean().default(true),
  })
  .refine(consecutiveInOrder, CONSECUTIVE_ORDER);
export type TCreateShiftTypeRequest = z.infer<typeof ZCreateShiftTypeRequest>;

export const ZUpdateShiftTypeRequest = z
  .object({
    id: ZRotaPathId,
    code: ZShiftCode.optional(),
    name: trimmedText(100).optional(),
    start: ZClockTime.optional(),
    end: ZClockTime.optional(),
    minConsecutive: ZConsecutive.optional(),
    maxConsecutive: ZConsecutive.optional(),
    forbiddenNext: z.array(ZRotaBodyId).max(50).optional(),
    active: jsonBoolean().optional(),
  })
  .refine(consecutiveInOrder, CONSECUTIVE_ORDER);
export type TUpdateShiftTypeRequest = z.infer<typeof ZUpdateShiftTypeRequest>;

export const ZShiftTypeIdRequest = z.object({ id: ZRotaPathId });
export type TShiftTypeIdRequest = z.infer<typeof ZShiftTypeIdRequest>;

export const ZDeleteShiftTypeResponse = ZRotaOk;
