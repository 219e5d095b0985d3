import type pg from 'pg';
import { AppError } from '../app-error.js';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** How a sign-in ended, as the metrics count it (docs/operations.md). */
export type SignInOutcome = 'success' | 'wrong_credentials' | 'rate_limited' | 'inactive' | 'error';

/** A running solve's best roster so far, as its worker sees it. */
export interface SolveStanding {
  hard: number;
  soft: number;
  /** Relative distance of `soft` from the solve's lower bound (docs/rota.md §12); null before the first bound. */
  gap: number | null;
}

/**
 * Everything this process measures, on a registry of its own (tests run several services in one process), written
 * in Prometheus's text format by `startMetricsServer`. Names and labels are listed in docs/operations.md.
 */
export class Metrics {
  readonly registry = new Registry();

  private readonly httpRequests = this.counter('nobat_http_requests_total', 'HTTP requests answered, by route template, method and status', ['route', 'method', 'status']);

  private readonly httpDuration = this.histogram(
    'nobat_http_request_duration_seconds',
    'Time from a request arriving to its answer being sent, by route template, method and status',
    ['route', 'method', 'status'],
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  );

  private readonly signIns = this.counter(
    'nobat_sign_ins_total',
    'Sign-ins by method (password, passkey) and outcome (success, wrong_credentials, rate_limited, inactive, error)',
    ['method', 'outcome'],
  );

  private readonly solveJobs = this.counter('nobat_solve_jobs_total', 'Solve job attempts this process ran, by how they ended (done, cancelled, failed, released, lost, skipped)', [
    'status',
  ]);

  private readonly solveDuration = this.histogram(
    'nobat_solve_job_duration_seconds',
    'Run time of the solve job attempts this process ran, by how they ended',
    ['status'],
    [1, 5, 10, 30, 60, 120, 300, 600, 900],
  );

  private readonly solveBestHard = this.gauge('nobat_solve_running_best_hard', 'Hard violations of the best roster so far of each solve job running in this process', ['job']);

  private readonly solveBestSoft = this.gauge('nobat_solve_running_best_soft', 'Soft penalty of the best roster so far of each solve job running in this process', ['job']);

  private readonly solveGap = this.gauge(
    'nobat_solve_running_gap',
    'Gap of the best roster so far of each solve job running in this process to its lower bound ((soft - bound) / soft; 0 proves it optimal), once a bound is known',
    ['job'],
  );

  private readonly solveRunning = this.gauge('nobat_solve_jobs_running', 'Solve jobs running in this process');

  private queuedSource: (() => Promise<number>) | undefined;
  private pool: pg.Pool | undefined;

  constructor() {
    // Unprefixed, under the names the usual Node.js dashboards read (process_cpu_seconds_total, nodejs_heap_size_used_bytes, …).
    collectDefaultMetrics({ register: this.registry });
    const metrics = this;
    this.gauge(
      'nobat_solve_jobs_waiting',
      'Solve jobs queued and not yet taken by a worker, across the whole database (every process reports the same number)',
      [],
      async function () {
        if (!metrics.queuedSource) return;
        try {
          this.set(await metrics.queuedSource());
        } catch {
          // The database is down: the scrape still answers, with no fresh value (health says why).
          this.reset();
        }
      },
    );
    this.gauge('nobat_db_pool_connections_in_use', "Connections of this process's database pool handed out to a request or job", [], function () {
      if (metrics.pool) this.set(metrics.pool.totalCount - metrics.pool.idleCount);
    });
    this.gauge('nobat_db_pool_waiting', 'Requests and jobs of this process waiting for a free connection of its database pool', [], function () {
      if (metrics.pool) this.set(metrics.pool.waitingCount);
    });
  }

  // Each metric is registered on this process's registry only.
  private counter<Label extends string>(name: string, help: string, labelNames: readonly Label[]): Counter<Label> {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  private histogram<Label extends string>(name: string, help: string, labelNames: readonly Label[], buckets: number[]): Histogram<Label> {
    return new Histogram({ name, help, labelNames, buckets, registers: [this.registry] });
  }

  /** `collect` sets the gauge's value at each scrape. */
  private gauge<Label extends string>(name: string, help: string, labelNames: readonly Label[] = [], collect?: (this: Gauge<Label>) => void | Promise<void>): Gauge<Label> {
    return new Gauge({ name, help, labelNames, registers: [this.registry], ...(collect ? { collect } : {}) });
  }

  /** The database pool whose connections are reported (the ORM's, once it is open). */
  watchPool(pool: pg.Pool): void {
    this.pool = pool;
  }

  /** How queued solve jobs are counted at each scrape. */
  countQueuedWith(source: () => Promise<number>): void {
    this.queuedSource = source;
  }

  httpRequest(route: string, method: string, status: number, seconds: number): void {
    const labels = { route, method, status: String(status) };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, seconds);
  }

  signIn(method: 'password' | 'passkey', outcome: SignInOutcome): void {
    this.signIns.inc({ method, outcome });
  }

  solveStarted(): void {
    this.solveRunning.inc();
  }

  solveProgress(jobId: number, standing: SolveStanding): void {
    this.solveBestHard.set({ job: String(jobId) }, standing.hard);
    this.solveBestSoft.set({ job: String(jobId) }, standing.soft);
    if (standing.gap !== null) this.solveGap.set({ job: String(jobId) }, standing.gap);
  }

  solveEnded(jobId: number, status: string, seconds: number): void {
    this.solveRunning.dec();
    this.solveBestHard.remove({ job: String(jobId) });
    this.solveBestSoft.remove({ job: String(jobId) });
    this.solveGap.remove({ job: String(jobId) });
    this.solveJobs.inc({ status });
    this.solveDuration.observe({ status }, seconds);
  }

  /** The text a scrape answers with. */
  async text(): Promise<string> {
    return this.registry.metrics();
  }
}

/** How a sign-in that threw ended, from its error's code (the one error table's). */
export function signInOutcomeOf(error: unknown): SignInOutcome {
  const code = error instanceof AppError ? error.code : undefined;
  if (code === 'invalid_credentials' || code === 'passkey_invalid') return 'wrong_credentials';
  if (code === 'too_many_attempts') return 'rate_limited';
  if (code === 'account_inactive') return 'inactive';
  return 'error';
}

/** Runs a sign-in and counts how it ended. */
export async function countSignIn<T>(metrics: Metrics, method: 'password' | 'passkey', signIn: () => Promise<T>): Promise<T> {
  try {
    const result = await signIn();
    metrics.signIn(method, 'success');
    return result;
  } catch (error) {
    metrics.signIn(method, signInOutcomeOf(error));
    throw error;
  }
}
