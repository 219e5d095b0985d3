import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';

/** Every setting of CONTRACT §1, parsed and validated once at start-up. */
export interface Config {
  port: number;
  host: string;
  /** Unset: an embedded PostgreSQL is started under `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Unset: generated once and kept in the database (see `resolveSessionSecret` in create-services.ts). */
  sessionSecret: string | undefined;
  sessionTtlSeconds: number;
  timezone: string;
  publicUrl: string;
  cookieSecure: boolean;
  trustProxy: boolean;
  loginMaxFailures: number;
  loginMaxFailuresPerIp: number;
  loginWindowSeconds: number;
  /** How long ended sessions and audit events are kept before the cleanup deletes them. */
  retentionDays: number;
  /** How long a shutdown waits for requests under way before it closes their connections. */
  shutdownGraceSeconds: number;
  /** Origins allowed in a passkey ceremony besides `publicUrl`'s (the web app's, when it is served elsewhere). */
  webauthnOrigins: string[];
  logLevel: string;
  /** `npm start` runs a job worker in the same process (docs/rota.md §8); false leaves the jobs to `npm run worker`. */
  worker: boolean;
  /** Solves one process runs at once. */
  workerConcurrency: number;
  /** Threads (cores) one solve uses: independent searches with seeds of their own, the best roster of them kept. */
  solverThreads: number;
  /** How often the job queue looks for jobs whose worker died (lapsed heartbeat) or that ran too long. */
  jobMonitorSeconds: number;
  /** Where the process serves its Prometheus metrics, apart from the API; undefined: not served. */
  metricsPort: number | undefined;
  metricsHost: string;
  /** Calls of one signed-in account that run at once in a process (server/trpc/account-work.ts). */
  accountConcurrency: number;
  /** Calls of one signed-in account that may wait for a turn; one more answers 429 `too_many_requests`. */
  accountQueue: number;
  /** Roster cells one signed-in account's large answers may hold together, and take again each second (server/trpc/account-work.ts). */
  accountAnswerCells: number;
}

export class ConfigError extends Error {
  constructor(setting: string, problem: string) {
    super(`${setting}: ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function wholeNumber(min: number, max: number) {
  const range = `must be between ${min} and ${max}`;
  return z
    .string()
    .regex(/^\d+$/, { error: (issue) => `must be a whole number, got "${String(issue.input)}"` })
    .transform(Number)
    .pipe(z.number().min(min, range).max(max, range));
}

function integer(fallback: number, min: number, max: number) {
  return wholeNumber(min, max).default(fallback);
}

const TRUE = ['true', '1', 'yes'];
const FALSE = ['false', '0', 'no'];
const boolean = z
  .string()
  .transform((raw) => raw.toLowerCase())
  .refine((raw) => TRUE.includes(raw) || FALSE.includes(raw), { error: (issue) => `must be true or false, got "${String(issue.input)}"` })
  .transform((raw) => TRUE.includes(raw))
  .optional();

function url(protocols: string[]) {
  return z.string().superRefine((raw, ctx) => {
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'is not a valid URL' });
      return;
    }
    if (!protocols.includes(parsed.protocol)) ctx.addIssue({ code: 'custom', message: `must use ${protocols.join(' or ')}` });
  });
}

/** A comma-separated list of origins (scheme, host and port only). */
const originList = z.string().transform((raw, ctx) => {
  const origins: string[] = [];
  for (const entry of raw.split(',').map((part) => part.trim()).filter(Boolean)) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(entry);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== entry.replace(/\/+$/, '')) {
      ctx.addIssue({ code: 'custom', message: `"${entry}" is not an http or https origin (scheme, host and port only)` });
      return z.NEVER;
    }
    origins.push(parsed.origin);
  }
  return origins;
});

const timezone = z
  .string()
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { error: (issue) => `is not a known IANA time zone: "${String(issue.input)}"` },
  )
  .default('Asia/Tehran');

/**
 * `SOLVER_THREADS` when unset: a solve takes two cores, or fewer, so that the `concurrency` solves a worker runs at once
 * (`WORKER_CONCURRENCY`) find a core for each thread where the machine has them; never less than one.
 */
export function defaultSolverThreads(concurrency: number, cores: number = availableParallelism()): number {
  return Math.max(1, Math.min(2, Math.floor(cores / concurrency)));
}

/** `SOLVER_THREADS` when neither it nor `WORKER_CONCURRENCY` is set. */
export const DEFAULT_SOLVER_THREADS = defaultSolverThreads(1);

/** The environment, as the service reads it: one entry per setting, each with its default and rule. */
const ZEnvironment = z.object({
  PORT: integer(3000, 0, 65535),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  DATA_DIR: z.string().default('./.data'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TTL_SECONDS: integer(2_592_000, 1, 10 * 365 * 24 * 3600),
  APP_TIMEZONE: timezone,
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  COOKIE_SECURE: boolean,
  TRUST_PROXY: boolean,
  LOGIN_MAX_FAILURES: integer(5, 1, 1_000_000),
  LOGIN_MAX_FAILURES_PER_IP: integer(50, 1, 1_000_000),
  LOGIN_WINDOW_SECONDS: integer(900, 1, 7 * 24 * 3600),
  RETENTION_DAYS: integer(365, 1, 100 * 365),
  SHUTDOWN_GRACE_SECONDS: integer(10, 0, 600),
  WEBAUTHN_ORIGINS: originList.optional(),
  LOG_LEVEL: z.string().default('info'),
  WORKER: boolean,
  WORKER_CONCURRENCY: integer(1, 1, 16),
  SOLVER_THREADS: wholeNumber(1, 16).optional(),
  JOB_MONITOR_SECONDS: integer(10, 1, 300),
  METRICS_PORT: wholeNumber(0, 65535).optional(),
  METRICS_HOST: z.string().optional(),
  ACCOUNT_CONCURRENCY: integer(2, 1, 64),
  ACCOUNT_QUEUE: integer(100, 0, 10_000),
  ACCOUNT_ANSWER_CELLS: integer(31_000, 1, 100_000_000),
});

/** Blank counts as unset, and surrounding spaces are not part of a value. */
function present(env: Env): Record<string, string> {
  const entries = Object.keys(ZEnvironment.shape).map((name) => [name, env[name]?.trim()] as const);
  return Object.fromEntries(entries.filter((entry): entry is readonly [string, string] => Boolean(entry[1])));
}

export function loadConfig(env: Env = process.env): Config {
  const parsed = ZEnvironment.safeParse(present(env));
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw new ConfigError(String(issue!.path[0]), issue!.message.replace(/\s+/g, ' '));
  }
  const settings = parsed.data;
  const publicUrl = (settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`).replace(/\/+$/, '');
  return {
    port: settings.PORT,
    host: settings.HOST,
    databaseUrl: settings.DATABASE_URL,
    dataDir: resolve(settings.DATA_DIR),
    sessionSecret: settings.SESSION_SECRET,
    sessionTtlSeconds: settings.SESSION_TTL_SECONDS,
    timezone: settings.APP_TIMEZONE,
    publicUrl,
    cookieSecure: settings.COOKIE_SECURE ?? publicUrl.startsWith('https:'),
    trustProxy: settings.TRUST_PROXY ?? false,
    loginMaxFailures: settings.LOGIN_MAX_FAILURES,
    loginMaxFailuresPerIp: settings.LOGIN_MAX_FAILURES_PER_IP,
    loginWindowSeconds: settings.LOGIN_WINDOW_SECONDS,
    retentionDays: settings.RETENTION_DAYS,
    shutdownGraceSeconds: settings.SHUTDOWN_GRACE_SECONDS,
    webauthnOrigins: settings.WEBAUTHN_ORIGINS ?? [],
    logLevel: settings.LOG_LEVEL,
    worker: settings.WORKER ?? true,
    workerConcurrency: settings.WORKER_CONCURRENCY,
    solverThreads: settings.SOLVER_THREADS ?? defaultSolverThreads(settings.WORKER_CONCURRENCY),
    jobMonitorSeconds: settings.JOB_MONITOR_SECONDS,
    metricsPort: settings.METRICS_PORT,
    metricsHost: settings.METRICS_HOST ?? settings.HOST,
    accountConcurrency: settings.ACCOUNT_CONCURRENCY,
    accountQueue: settings.ACCOUNT_QUEUE,
    accountAnswerCells: settings.ACCOUNT_ANSWER_CELLS,
  };
}
