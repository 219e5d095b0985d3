import { z } from 'zod';
import { ZTimestamp } from '../fields.js';
import { jsonInteger, ZIsoDate, ZRotaBodyId, ZRotaOk, ZRotaPathId } from './common.js';
import { ZEvaluation, ZSchedule, ZScore } from './schedules.js';

/** docs/rota.md §8: how long one automatic generation may run. */
export const SOLVE_TIME_LIMIT_SECONDS = { min: 1, max: 600, default: 30 } as const;

/** docs/rota.md §11.2: what a repair charges per changed cell. */
export const CHANGE_WEIGHT = { min: 0, max: 1000, default: 50 } as const;

export const ZSolveMode = z.enum(['full', 'repair']);

export const ZStartSolveRequest = z.object({
  id: ZRotaPathId,
  timeLimitSeconds: jsonInteger(SOLVE_TIME_LIMIT_SECONDS.min, SOLVE_TIME_LIMIT_SECONDS.max).default(SOLVE_TIME_LIMIT_SECONDS.default),
  mode: ZSolveMode.optional().meta({ description: '`full` (the default for a draft) writes its roster; `repair` (the default, and the only mode, for a published schedule) proposes changes.' }),
  from: ZIsoDate.optional().meta({ description: "A repair's first day that may change: today by default, clamped to the period." }),
  changeWeight: jsonInteger(CHANGE_WEIGHT.min, CHANGE_WEIGHT.max)
    .optional()
    .meta({ description: `A repair's soft penalty per changed cell (default ${CHANGE_WEIGHT.default}; 0 re-plans the days from \`from\` freely).` }),
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

/** A cell of a proposal: a shift type and skill, or null for a day off. */
export const ZProposalCell = z.object({ shiftTypeId: z.number().int(), skill: z.string() }).nullable();

/** A repair's proposed changes (docs/rota.md §11.2), never written to the roster until applied. */
export const ZRepairProposal = z.object({
  /** The schedule's version the proposal was made on. */
  baseVersion: z.number().int(),
  changes: z.array(z.object({ userId: z.number().int(), date: ZIsoDate, before: ZProposalCell, after: ZProposalCell })),
  scoreBefore: ZScore,
  scoreAfter: ZScore,
});
export type TRepairProposal = z.infer<typeof ZRepairProposal>;

export const ZSolveJob = z.object({
  id: z.number().int(),
  mode: ZSolveMode,
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
  /** A repair's first day that may change and its price per changed cell; null for a full solve. */
  from: ZIsoDate.nullable(),
  changeWeight: z.number().int().nullable(),
  /** A finished repair's proposal (a full solve, or a repair not yet over: null). */
  proposal: ZRepairProposal.nullable(),
  /** When the proposal was applied; null until then. */
  appliedAt: ZTimestamp.nullable(),
});
export type TSolveJob = z.infer<typeof ZSolveJob>;

export const ZSolveJobResponse = z.object({ job: ZSolveJob });
export type TSolveJobResponse = z.infer<typeof ZSolveJobResponse>;

export const ZSolveScheduleRequest = z.object({ id: ZRotaPathId });

export const ZStopSolveResponse = ZRotaOk;

export const ZApplyRepairRequest = z.object({ id: ZRotaPathId, jobId: ZRotaBodyId });
export type TApplyRepairRequest = z.infer<typeof ZApplyRepairRequest>;

export const ZApplyRepairResponse = z.object({ schedule: ZSchedule, evaluation: ZEvaluation });
export type TApplyRepairResponse = z.infer<typeof ZApplyRepairResponse>;
