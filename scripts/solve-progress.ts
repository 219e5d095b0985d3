// Watching a job of the solver from the command line: a live progress line while it runs, its summary at the end,
// or the same as JSON lines for scripts. Any command that starts such a job (solve, repair) reads it with this.
import type { TSolveJob } from '../shared/index.js';

/** What the display reads of a job: the solve job's fields, and its gap once the service reports one. */
export type WatchedJob = Pick<TSolveJob, 'id' | 'status' | 'timeLimitSeconds' | 'startedAt' | 'finishedAt' | 'best' | 'progress'> & {
  /** The relative distance from the best roster to a proven lower bound (0.05 = 5 %), when known. */
  gap?: number | null;
};

export interface WatchOptions {
  /** One JSON object per line (`progress` events, then one `result`) instead of text. */
  json: boolean;
  /** Where the lines go (stdout). */
  out: { write(text: string): unknown; isTTY?: boolean };
  /** Between two reads of the job; 1 s (the job's own progress is written at most once a second). */
  intervalMs?: number;
  /** What the job is called in the text, e.g. "solve" or "repair". */
  label?: string;
  /** The clock of the elapsed time; tests pass their own. */
  now?: () => number;
}

const OVER = new Set(['done', 'failed', 'cancelled']);

function elapsedSeconds(job: WatchedJob, now: number): number {
  if (!job.startedAt) return 0;
  const end = job.finishedAt ? Date.parse(job.finishedAt) : now;
  // Another machine's clock may run ahead or behind: never below 0, never past the limit while running.
  const seconds = Math.max(0, (end - Date.parse(job.startedAt)) / 1000);
  return job.finishedAt ? seconds : Math.min(seconds, job.timeLimitSeconds);
}

const number = (value: number) => value.toLocaleString('en-US');
const percent = (gap: number) => `${(gap * 100).toFixed(gap < 0.1 ? 2 : 1)} %`;

/** The one line shown while the job runs, e.g. `solve 12 running 14.0/30 s  best hard 0 soft 1,240  gap 3.2 %`. */
export function progressLine(job: WatchedJob, now: number, label = 'solve'): string {
  const parts = [`${label} ${job.id} ${job.status}`];
  if (job.status !== 'queued') parts.push(`${elapsedSeconds(job, now).toFixed(1)}/${job.timeLimitSeconds} s`);
  parts.push(job.best ? `best hard ${number(job.best.hard)} soft ${number(job.best.soft)}` : 'no roster yet');
  if (job.gap != null) parts.push(`gap ${percent(job.gap)}`);
  return parts.join('  ');
}

/** The summary printed once the job is over. */
export function resultSummary(job: WatchedJob, label = 'solve'): string {
  const took = elapsedSeconds(job, Date.now()).toFixed(1);
  const score = job.best ? `hard ${number(job.best.hard)}, soft ${number(job.best.soft)}` : 'no roster';
  const lines = [`${label} ${job.id} ${job.status} after ${took} s of ${job.timeLimitSeconds}: ${score}${job.gap != null ? `, gap ${percent(job.gap)}` : ''}`];
  if (job.progress.length > 0) {
    const first = job.progress[0]!;
    lines.push(`  improved ${job.progress.length} time${job.progress.length === 1 ? '' : 's'}, from hard ${number(first.hard)} soft ${number(first.soft)} at ${(first.elapsedMs / 1000).toFixed(1)} s`);
  }
  if (job.status === 'done' && job.best && job.best.hard > 0) lines.push('  the roster still breaks hard rules: see the evaluation before publishing');
  return lines.join('\n');
}

function event(kind: 'progress' | 'result', job: WatchedJob, now: number): string {
  return `${JSON.stringify({
    event: kind,
    jobId: job.id,
    status: job.status,
    elapsedSeconds: Math.round(elapsedSeconds(job, now) * 10) / 10,
    timeLimitSeconds: job.timeLimitSeconds,
    best: job.best,
    gap: job.gap ?? null,
  })}\n`;
}

/**
 * Reads the job with `read` until it is over, showing its progress: on a terminal one line rewritten in place; into a
 * file or pipe a line each time what it shows changes (at most one a second); as JSON a `progress` object whenever
 * the status, the best score or the gap changed, then a `result`. Answers the job as it ended.
 */
export async function watchJob<J extends WatchedJob>(read: () => Promise<J>, options: WatchOptions): Promise<J> {
  const { out, json } = options;
  const now = options.now ?? Date.now;
  const label = options.label ?? 'solve';
  const live = !json && out.isTTY === true;
  let shown = '';
  let shownState = '';
  for (;;) {
    const job = await read();
    const over = OVER.has(job.status);
    const state = JSON.stringify([job.status, job.best, job.gap ?? null]);
    if (json) {
      if (state !== shownState) out.write(event('progress', job, now()));
    } else if (live) {
      const line = progressLine(job, now(), label);
      // Rewritten in place, the rest of a longer line before it cleared.
      out.write(`\r${line}\x1b[K`);
      shown = line;
    } else if (state !== shownState && !over) {
      out.write(`${progressLine(job, now(), label)}\n`);
    }
    shownState = state;
    if (over) {
      if (json) out.write(event('result', job, now()));
      else out.write(`${live && shown ? '\n' : ''}${resultSummary(job, label)}\n`);
      return job;
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 1000));
  }
}
