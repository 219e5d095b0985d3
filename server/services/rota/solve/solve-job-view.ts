import type { TSolveJob } from '../../../../shared/schemas/rota/solve.js';
import type { ISolveJob } from '../../../db/entities/solve-job.js';

export function solveJobView(job: ISolveJob): TSolveJob {
  return {
    id: job.id,
    status: job.status,
    timeLimitSeconds: job.timeLimitSeconds,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt ? job.startedAt.toISOString() : null,
    finishedAt: job.finishedAt ? job.finishedAt.toISOString() : null,
    best: job.bestHard == null || job.bestSoft == null ? null : { hard: job.bestHard, soft: job.bestSoft },
    progress: job.progress,
  };
}
