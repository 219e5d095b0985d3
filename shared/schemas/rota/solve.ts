import { z } from 'zod';
import { ZTimestamp } from '../fields.js';
import { jsonInteger, ZRotaOk, ZRotaPathId } from './common.js';

/** docs/rota.md §8: how long one automatic generation may run. */
export const SOLVE_TIME_LIMIT_SECONDS = { min: 1, max: 600, default: 30 } as const;

export const ZStartSolveRequest = z.object({
  id: ZRotaPathId,
  timeLimitSeconds: jsonInteger(SOLVE_TIME_LIMIT_SECONDS.min, SOLVE_TIME_LIMIT_SECONDS.max).default(SOLVE_TIME_LIMIT_SECONDS.default),
});
export type TStartSolveRequest = z.infer<typeof ZStartSolveRequest>;

export const ZSolveProgressPoint = z.object({
  /** Milliseconds since the solve started running. */
  elapsedMs: z.number().int(),
  hard: z.number().int(),
  soft: z.number().int(),
  /** The lower bound and the gap known at that point (docs/rota.md §12), null before the first bound. */
  bound: z.number().nullable(),
  gap: z.number().nullable(),
});

export const ZSolveJob = z.object({
  id: z.number().int(),
  status: z.enum(['queued', 'running', 'done', 'failed', 'cancelled']),
  timeLimitSeconds: z.number().int(),
  createdAt: ZTimestamp,
  startedAt: ZTimestamp.nullable(),
  finishedAt: ZTimestamp.nullable(),
  /** The best score found so far, or the final one; null before the first roster. */
  best: z.object({ hard: z.number().int(), soft: z.number().int() }).nullable(),
  /**
   * A lower bound on `soft` among rosters without hard violations under the same pinned cells, leave and carry-in: no
   * roster scores below it; null until one is known.
   */
  bound: z.number().nullable(),
  /** `(best.soft - bound) / best.soft` (0 when `best.soft` is 0): 0 means proven optimal; null while `bound` is. */
  gap: z.number().nullable(),
  /** The best score each time it improved (at most one point a second), oldest first. */
  progress: z.array(ZSolveProgressPoint),
});
export type TSolveJob = z.infer<typeof ZSolveJob>;

export const ZSolveJobResponse = z.object({ job: ZSolveJob });
export type TSolveJobResponse = z.infer<typeof ZSolveJobResponse>;

export const ZSolveScheduleRequest = z.object({ id: ZRotaPathId });

export const ZStopSolveResponse = ZRotaOk;
