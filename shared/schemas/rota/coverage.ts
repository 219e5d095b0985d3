import { z } from 'zod';
import { jsonInteger, ZIsoDate, ZRotaBodyId, ZWeekday } from './common.js';
import { MAX_WARD_SKILLS, ZSkill } from './staff.js';

export const MAX_COVERAGE_ROWS = 5000;

/** A requirement as answered: exactly one of `weekday` and `date` is set. */
export const ZCoverageRow = z.object({
  shiftTypeId: z.number().int(),
  skill: z.string(),
  weekday: z.number().int().nullable(),
  date: z.string().nullable(),
  minimum: z.number().int(),
  optimal: z.number().int(),
});
export type TCoverageRow = z.infer<typeof ZCoverageRow>;

export const ZCoverageResponse = z.object({ coverage: z.array(ZCoverageRow) });
export type TCoverageResponse = z.infer<typeof ZCoverageResponse>;

const ZRequirement = jsonInteger(0, 100);

export const ZCoverageRowInput = z
  .object({
    shiftTypeId: ZRotaBodyId,
    skill: ZSkill,
    /** The usual week: 0 = Sunday … 6 = Saturday. */
    weekday: ZWeekday.nullable().default(null),
    /** A one-day override. */
    date: ZIsoDate.nullable().default(null),
    minimum: ZRequirement,
    optimal: ZRequirement,
  })
  .superRefine((row, context) => {
    if ((row.weekday === null) === (row.date === null)) {
      context.addIssue({ code: 'custom', path: ['weekday'], message: 'A row has either a weekday or a date, not both and not neither.' });
    }
    if (row.minimum > row.optimal) context.addIssue({ code: 'custom', path: ['optimal'], message: 'minimum must not exceed optimal.' });
  });
export type TCoverageRowInput = z.infer<typeof ZCoverageRowInput>;

export const ZReplaceCoverageRequest = z.object({
  coverage: z
    .array(ZCoverageRowInput)
    .max(MAX_COVERAGE_ROWS)
    .superRefine((rows, context) => {
      const skills = new Set(rows.map((row) => row.skill));
      if (skills.size > MAX_WARD_SKILLS) {
        context.addIssue({ code: 'custom', path: [], message: `At most ${MAX_WARD_SKILLS} distinct skills.` });
        return;
      }
      const seen = new Set<string>();
      rows.forEach((row, index) => {
        const key = JSON.stringify([row.shiftTypeId, row.skill, row.weekday, row.date]);
        if (seen.has(key)) {
          context.addIssue({ code: 'custom', path: [index], message: 'Another row has the same shift type, skill and weekday or date.' });
        }
        seen.add(key);
      });
    }),
});
export type TReplaceCoverageRequest = z.infer<typeof ZReplaceCoverageRequest>;

export const ZReadCoverageRequest = z
  .object({
    /** Only `date` rows on or after this day (weekday rows are always answered). */
    from: ZIsoDate.optional(),
    /** Only `date` rows on or before this day. */
    to: ZIsoDate.optional(),
  })
  .refine((range) => !range.from || !range.to || range.from <= range.to, { message: 'from must not be after to.', path: ['to'] })
  .optional();
export type TReadCoverageRequest = z.infer<typeof ZReadCoverageRequest>;
