import { z } from 'zod';
import type { WardWeight } from '../../../server/rota/constraints.js';
import type { SoftConstraint } from '../../../server/rota/problem.js';
import { jsonInteger, ZWeekday } from './common.js';

/**
 * A list that holds every name of `Name` and nothing else: a name left out is a type error that names it (the roster
 * engine's constraint record says which constraints are a ward's weights).
 */
function everyName<Name extends string>() {
  return <const List extends readonly Name[]>(list: List & ([Exclude<Name, List[number]>] extends [never] ? unknown : { missing: Exclude<Name, List[number]> })): List => list;
}

/** The soft constraints of docs/rota.md §7 whose weights a ward sets: exactly the record's ward weights. */
export const ROTA_WEIGHT_NAMES = everyName<WardWeight>()([
  'coverage_optimal',
  'consecutive_same_shift',
  'consecutive_working_days',
  'consecutive_days_off',
  'preference',
  'complete_weekend',
  'total_assignments',
  'working_weekends',
]) satisfies readonly SoftConstraint[];

const ZWeight = jsonInteger(0, 1000);

export const ZSwapApproval = z.enum(['manager', 'none']);
export type TSwapApproval = z.infer<typeof ZSwapApproval>;

export const ZRotaWeights = z.object(Object.fromEntries(ROTA_WEIGHT_NAMES.map((name) => [name, z.number().int()])) as Record<SoftConstraint, z.ZodNumber>);
export type TRotaWeights = z.infer<typeof ZRotaWeights>;

/** A ward's rota settings (docs/rota.md §1), as stored and answered. */
export const ZRotaSettings = z.object({
  weekendDays: z.array(z.number().int()),
  minRestHours: z.number().int(),
  weights: ZRotaWeights,
  /** `manager`: an accepted swap waits for a manager's approval; `none`: accepting makes the exchange (docs/rota.md §11.3). */
  swapApproval: ZSwapApproval,
});
export type TRotaSettings = z.infer<typeof ZRotaSettings>;

/** The whole object: missing keys, also inside `weights`, take their defaults. An unknown weight is refused. */
export const ZPutRotaSettingsRequest = z.object({
  weekendDays: z
    .array(ZWeekday)
    .min(1)
    .max(3)
    .refine((days) => new Set(days).size === days.length, 'Weekend days must be distinct.')
    .optional(),
  minRestHours: jsonInteger(0, 24).optional(),
  weights: z.strictObject(Object.fromEntries(ROTA_WEIGHT_NAMES.map((name) => [name, ZWeight.optional()])) as Record<SoftConstraint, z.ZodOptional<typeof ZWeight>>).optional(),
  swapApproval: ZSwapApproval.optional(),
});
export type TPutRotaSettingsRequest = z.infer<typeof ZPutRotaSettingsRequest>;
