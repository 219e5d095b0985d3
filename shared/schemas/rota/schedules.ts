import { z } from 'zod';
import { ZTimestamp } from '../fields.js';
import { jsonBoolean, jsonInteger, ZIsoDate, ZRotaBodyId, ZRotaOk, ZRotaPathId } from './common.js';
import { ZShiftType } from './shift-types.js';

/** docs/rota.md §6–§7: a schedule's length, and how many cells one edit may name (500 staff × 62 days). */
export const SCHEDULE_DAYS = { min: 7, max: 62 } as const;
export const MAX_CELLS_PER_EDIT = 31_000;

export const ZScore = z.object({ hard: z.number().int(), soft: z.number().int() });
export type TScore = z.infer<typeof ZScore>;

export const ZSchedule = z.object({
  id: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(['draft', 'published']),
  /** Counts changes to the cells and the carry-in: an edit must name the version it was made on. */
  version: z.number().int(),
  publishedAt: ZTimestamp.nullable(),
  createdAt: ZTimestamp,
  /** docs/rota.md §7's score of the current cells. */
  score: ZScore,
});
export type TSchedule = z.infer<typeof ZSchedule>;

export const ZScheduleResponse = z.object({ schedule: ZSchedule });
export type TScheduleResponse = z.infer<typeof ZScheduleResponse>;

/** How many schedules one page of the list holds by default, and at most (`limit`): eight years of months. */
export const SCHEDULES_PAGE = { default: 100, max: 100 } as const;

export const ZListSchedulesRequest = z
  .object({
    limit: z
      .number()
      .int()
      .min(1)
      .max(SCHEDULES_PAGE.max)
      .optional()
      .meta({ description: `Schedules per page: 1 to ${SCHEDULES_PAGE.max}, ${SCHEDULES_PAGE.default} when left out.` }),
    /** Where the next page starts: the previous page's `nextCursor` (schedules that start before it). */
    cursor: ZIsoDate.optional().meta({ description: "The previous page's nextCursor: the page holds schedules starting before it." }),
  })
  .optional();
export type TListSchedulesRequest = z.infer<typeof ZListSchedulesRequest>;

export const ZListSchedulesResponse = z.object({
  schedules: z.array(ZSchedule),
  /** The `cursor` of the next page (older schedules), or null on the last one. */
  nextCursor: z.string().nullable(),
});
export type TListSchedulesResponse = z.infer<typeof ZListSchedulesResponse>;

/** A Solar Hijri month `YYYY-MM` (1 = Farvardin … 12 = Esfand). */
export const ZJalaliMonth = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Must be a Solar Hijri month YYYY-MM.')
  .meta({ description: 'A Solar Hijri month YYYY-MM (01 = Farvardin … 12 = Esfand), converted to its Gregorian days.', example: '1405-09' });

/** Either `startDate` and `endDate`, or `jalaliMonth`. */
export const ZCreateScheduleRequest = z
  .object({
    startDate: ZIsoDate.optional(),
    endDate: ZIsoDate.optional(),
    jalaliMonth: ZJalaliMonth.optional(),
  })
  .refine(
    (value) => (value.jalaliMonth === undefined ? value.startDate !== undefined && value.endDate !== undefined : value.startDate === undefined && value.endDate === undefined),
    { message: 'Give either startDate and endDate, or jalaliMonth.', path: ['startDate'] },
  );
export type TCreateScheduleRequest = z.infer<typeof ZCreateScheduleRequest>;

export const ZScheduleIdRequest = z.object({ id: ZRotaPathId });
export type TScheduleIdRequest = z.infer<typeof ZScheduleIdRequest>;

export const ZAssignment = z.object({
  userId: z.number().int(),
  date: z.string(),
  shiftTypeId: z.number().int(),
  skill: z.string(),
  pinned: z.boolean(),
});
export type TAssignment = z.infer<typeof ZAssignment>;

export const ZCarryIn = z.object({
  userId: z.number().int(),
  /** The shift type worked on the day before the period, or null when that day was off. */
  lastShiftTypeId: z.number().int().nullable(),
  consecutiveWorkingDays: z.number().int(),
  consecutiveDaysOff: z.number().int(),
  consecutiveSameShift: z.number().int(),
});
export type TCarryIn = z.infer<typeof ZCarryIn>;

export const ZScheduleStaff = z.object({
  userId: z.number().int(),
  name: z.string(),
  skills: z.array(z.string()),
  contractId: z.number().int().nullable(),
});
export type TScheduleStaff = z.infer<typeof ZScheduleStaff>;

export const ZScheduleDetailResponse = z.object({
  schedule: ZSchedule,
  staff: z.array(ZScheduleStaff),
  shiftTypes: z.array(ZShiftType),
  assignments: z.array(ZAssignment),
  /** The carry-in in use: one entry per person of the schedule's staff. */
  carryIn: z.array(ZCarryIn),
  /** True when the carry-in comes from the ward's schedule ending the day before (then it cannot be set). */
  carryInDerived: z.boolean(),
});
export type TScheduleDetailResponse = z.infer<typeof ZScheduleDetailResponse>;

export const ZViolation = z.object({
  constraint: z.string(),
  severity: z.enum(['hard', 'soft']),
  userId: z.number().int().optional(),
  date: z.string().optional(),
  shiftTypeId: z.number().int().optional(),
  skill: z.string().optional(),
  count: z.number().int(),
  penalty: z.number().int(),
});
export type TViolation = z.infer<typeof ZViolation>;

export const ZStaffFigures = z.object({
  userId: z.number().int(),
  assignments: z.number().int(),
  minutes: z.number().int(),
  workingWeekends: z.number().int(),
  /** Assignments of shift types that end on the next day. */
  nights: z.number().int(),
  preferencesHonoured: z.number().int(),
  preferencesBroken: z.number().int(),
});

export const ZEvaluation = z.object({ score: ZScore, violations: z.array(ZViolation), staff: z.array(ZStaffFigures) });
export type TEvaluation = z.infer<typeof ZEvaluation>;

export const ZCellEdit = z.object({
  userId: ZRotaBodyId,
  date: ZIsoDate,
  /** Null clears the cell (a day off). */
  shiftTypeId: ZRotaBodyId.nullable(),
  /** Defaults to the person's first skill. */
  skill: z.string().min(1).max(50).optional(),
  /** Defaults to true: a manual edit stays fixed through automatic generation. */
  pinned: jsonBoolean().optional(),
});
export type TCellEdit = z.infer<typeof ZCellEdit>;

export const ZSetAssignmentsRequest = z.object({
  id: ZRotaPathId,
  version: jsonInteger(0, 2_147_483_647),
  set: z.array(ZCellEdit).max(MAX_CELLS_PER_EDIT),
});
export type TSetAssignmentsRequest = z.infer<typeof ZSetAssignmentsRequest>;

export const ZSetAssignmentsResponse = z.object({ schedule: ZSchedule, evaluation: ZEvaluation });
export type TSetAssignmentsResponse = z.infer<typeof ZSetAssignmentsResponse>;

const ZRunLength = jsonInteger(0, 1000);

export const ZCarryInEntry = z.object({
  userId: ZRotaBodyId,
  lastShiftTypeId: ZRotaBodyId.nullable(),
  consecutiveWorkingDays: ZRunLength,
  consecutiveDaysOff: ZRunLength,
  consecutiveSameShift: ZRunLength,
});

/** Replaces the whole explicit carry-in: people left out start with zero counters. */
export const ZSetCarryInRequest = z.object({
  id: ZRotaPathId,
  version: jsonInteger(0, 2_147_483_647),
  carryIn: z.array(ZCarryInEntry).max(500),
});
export type TSetCarryInRequest = z.infer<typeof ZSetCarryInRequest>;

export const ZSetCarryInResponse = z.object({ schedule: ZSchedule, carryIn: z.array(ZCarryIn) });

export const ZPublishScheduleRequest = z.object({ id: ZRotaPathId, acceptViolations: jsonBoolean().default(false) });
export type TPublishScheduleRequest = z.infer<typeof ZPublishScheduleRequest>;

export const ZDeleteScheduleResponse = ZRotaOk;
