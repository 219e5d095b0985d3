import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Schedule } from './schedule.js';
import { User } from './user.js';
import { Ward } from './ward.js';

export const SOLVE_JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type SolveJobStatus = (typeof SOLVE_JOB_STATUSES)[number];

/** A full solve writes its roster; a repair proposes changes from a day on (docs/rota.md §11.2). */
export const SOLVE_MODES = ['full', 'repair'] as const;
export type SolveMode = (typeof SOLVE_MODES)[number];

/** What a cell holds in a proposal: a shift type worked with a skill, or `null` for a day off. */
export type ProposalCell = { shiftTypeId: number; skill: string } | null;

/** A repair's answer, which the job never writes into the roster: applying it does (docs/rota.md §11.2). */
export interface RepairProposal {
  /** The schedule's version the proposal was made on: applying it to any other is refused. */
  baseVersion: number;
  changes: { userId: number; date: string; before: ProposalCell; after: ProposalCell }[];
  /** The evaluation's score (§7) of the roster as it stood, and of the roster with the changes applied. */
  scoreBefore: { hard: number; soft: number };
  scoreAfter: { hard: number; soft: number };
}

/**
 * One point of a solve's progress: the best score `elapsedMs` after the attempt started, with the lower bound on the
 * soft score known then and the gap between them (docs/rota.md §12; points written before they were kept lack them).
 */
export interface SolveProgressPoint {
  elapsedMs: number;
  hard: number;
  soft: number;
  bound?: number | null;
  gap?: number | null;
}

/**
 * One automatic generation of a schedule (docs/rota.md §8): what was asked, by whom, and how it went. The queue
 * (pg-boss) only carries this row's id; the row is the truth the API reads and the worker writes. `attempt`
 * counts the workers that claimed it (one died, another took over): a worker writes only while the attempt is
 * its own. At most one job per schedule is queued or running (the partial unique index of the migration).
 */
export const SolveJob = defineEntity({
  name: 'SolveJob',
  properties: {
    id: p.integer().primary().autoincrement(),
    ward: () => p.manyToOne(Ward).deleteRule('cascade'),
    schedule: () => p.manyToOne(Schedule).deleteRule('cascade'),
    requestedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    status: p.enum(SOLVE_JOB_STATUSES),
    timeLimitSeconds: p.integer(),
    attempt: p.integer(),
    bestHard: p.integer().nullable(),
    bestSoft: p.integer().nullable(),
    /** A lower bound on the soft score of any roster without hard violations (docs/rota.md §12); null until known. */
    bound: p.double().nullable(),
    progress: p.json<SolveProgressPoint[]>(),
    /** Why a failed job failed, for the logs and operators; never shown to API callers. */
    error: p.string().length(500).nullable(),
    cancelRequestedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    startedAt: p.datetime().nullable(),
    finishedAt: p.datetime().nullable(),
    mode: p.enum(SOLVE_MODES),
    /** A repair's first day that may change, and its price per changed cell; null for a full solve. */
    fromDate: p.date().nullable(),
    changeWeight: p.integer().nullable(),
    /** A finished repair's proposal; null until then, and for a full solve. */
    proposal: p.json<RepairProposal>().nullable(),
    appliedAt: p.datetime().nullable(),
    appliedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
  },
  indexes: [
    { name: 'solve_job_schedule_index', properties: ['schedule', 'createdAt'] },
    {
      name: 'solve_job_active_unique',
      expression: `create unique index "solve_job_active_unique" on "solve_job" ("schedule_id") where "status" in ('queued', 'running')`,
    },
  ],
});

export type ISolveJob = InferEntity<typeof SolveJob>;
