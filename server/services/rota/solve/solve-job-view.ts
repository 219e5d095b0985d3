import type { TSolveJob } from '../../../../shared/schemas/rota/solve.js';
import type { ISolveJob } from '../../../db/entities/solve-job.js';

export function solveJobView(job: ISolveJob): TSolveJob {
  // A double precision column reaches the entity as text.
  const bound = job.bound == null ? null : Number(job.bound);
  return {
    id: job.id,
    status: job.status,
    timeLimitSeconds: job.timeLimitSeconds,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt ? job.startedAt.toISOString() : null,
    finishedAt: job.finishedAt ? job.finishedAt.toISOString() : null,
    best: job.bestHard == null || job.bestSoft == null ? null : { hard: job.bestHard, soft: job.bestSoft },
    bound,
    gap: bound === null || job.bestSoft == null ? null : solveGap(job.bestSoft, bound),
    // Points written before the bound was kept have neither figure.
    progress: job.progress.map((point) => ({ ...point, bound: point.bound ?? null, gap: point.gap ?? null })),
    mode: job.mode,
    from: job.fromDate ?? null,
    changeWeight: job.changeWeight ?? null,
    proposal: job.proposal ?? null,
    appliedAt: job.appliedAt ? job.appliedAt.toISOString() : null,
  };
}

/** How far a roster of soft score `soft` may be from the best possible, given a lower bound (docs/rota.md §12). */
export function solveGap(soft: number, bound: number): number {
  return soft === 0 ? 0 : (soft - bound) / soft;
}
