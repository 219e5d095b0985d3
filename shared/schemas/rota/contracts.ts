import { z } from 'zod';
import { jsonBoolean, jsonInteger, trimmedText, ZRotaOk, ZRotaPathId } from './common.js';

/** The integer rules of a contract, in pairs whose `min` may not exceed its `max`. */
export const CONTRACT_RANGES = [
  ['minAssignments', 'maxAssignments'],
  ['minConsecutiveWorkingDays', 'maxConsecutiveWorkingDays'],
  ['minConsecutiveDaysOff', 'maxConsecutiveDaysOff'],
] as const;

export const ZContract = z.object({
  id: z.number().int(),
  name: z.string(),
  minAssignments: z.number().int(),
  maxAssignments: z.number().int(),
  minConsecutiveWorkingDays: z.number().int(),
  maxConsecutiveWorkingDays: z.number().int(),
  minConsecutiveDaysOff: z.number().int(),
  maxConsecutiveDaysOff: z.number().int(),
  maxWorkingWeekends: z.number().int(),
  completeWeekends: z.boolean(),
});
export type TContract = z.infer<typeof ZContract>;

export const ZListContractsResponse = z.object({ contracts: z.array(ZContract) });
export type TListContractsResponse = z.infer<typeof ZListContractsResponse>;

export const ZContractResponse = z.object({ contract: ZContract });
export type TContractResponse = z.infer<typeof ZContractResponse>;

const ZRule = jsonInteger(0, 62);

type Limits = Partial<Record<(typeof CONTRACT_RANGES)[number][number], number | undefined>>;

/** Adds an issue at each `max…` field that is below its `min…` (when both are given). */
function rangesInOrder(value: Limits, context: z.RefinementCtx) {
  for (const [min, max] of CONTRACT_RANGES) {
    const low = value[min];
    const high = value[max];
    if (low !== undefined && high !== undefined && low > high) {
      context.addIssue({ code: 'custom', path: [max], message: `${min} must not exceed ${max}.` });
    }
  }
}

/** Rules left out are not constraining: minimums 0, maximums 62, no complete weekends. */
export const ZCreateContractRequest = z
  .object({
    name: trimmedText(100),
    minAssignments: ZRule.default(0),
    maxAssignments: ZRule.default(62),
    minConsecutiveWorkingDays: ZRule.default(0),
    maxConsecutiveWorkingDays: ZRule.default(62),
    minConsecutiveDaysOff: ZRule.default(0),
    maxConsecutiveDaysOff: ZRule.default(62),
    maxWorkingWeekends: ZRule.default(62),
    completeWeekends: jsonBoolean().default(false),
  })
  .superRefine(rangesInOrder);
export type TCreateContractRequest = z.infer<typeof ZCreateContractRequest>;

export const ZUpdateContractRequest = z
  .object({
    id: ZRotaPathId,
    name: trimmedText(100).optional(),
    minAssignments: ZRule.optional(),
    maxAssignments: ZRule.optional(),
    minConsecutiveWorkingDays: ZRule.optional(),
    maxConsecutiveWorkingDays: ZRule.optional(),
    minConsecutiveDaysOff: ZRule.optional(),
    maxConsecutiveDaysOff: ZRule.optional(),
    maxWorkingWeekends: ZRule.optional(),
    completeWeekends: jsonBoolean().optional(),
  })
  .superRefine(rangesInOrder);
export type TUpdateContractRequest = z.infer<typeof ZUpdateContractRequest>;

export const ZContractIdRequest = z.object({ id: ZRotaPathId });
export type TContractIdRequest = z.infer<typeof ZContractIdRequest>;

export const ZDeleteContractResponse = ZRotaOk;
