import { z } from 'zod';
import { trimmedText, ZIsoDate, ZRotaOk } from './common.js';

export const ZHoliday = z.object({ date: z.string(), name: z.string() });
export type THoliday = z.infer<typeof ZHoliday>;

export const ZListHolidaysRequest = z
  .object({ from: ZIsoDate.optional(), to: ZIsoDate.optional() })
  .refine((range) => !range.from || !range.to || range.from <= range.to, { message: 'from must not be after to.', path: ['to'] })
  .optional();
export type TListHolidaysRequest = z.infer<typeof ZListHolidaysRequest>;

export const ZListHolidaysResponse = z.object({ holidays: z.array(ZHoliday) });
export type TListHolidaysResponse = z.infer<typeof ZListHolidaysResponse>;

export const ZCreateHolidayRequest = z.object({ date: ZIsoDate, name: trimmedText(200) });
export type TCreateHolidayRequest = z.infer<typeof ZCreateHolidayRequest>;

export const ZHolidayResponse = z.object({ holiday: ZHoliday });
export type THolidayResponse = z.infer<typeof ZHolidayResponse>;

export const ZDeleteHolidayRequest = z.object({ date: ZIsoDate });
export type TDeleteHolidayRequest = z.infer<typeof ZDeleteHolidayRequest>;

export const ZDeleteHolidayResponse = ZRotaOk;
