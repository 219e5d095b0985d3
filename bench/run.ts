// npm run bench: the service's hot paths beside yardsticks measured in the same run, as one table,
// printed and written to BENCHMARKS.md. Progress goes to stderr; the table to stdout.
// Only loopback traffic; every load run and every wait is bounded in time.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openBenchDatabase, type BenchDatabase } from './database.ts';
import { measureFlood, percentile, type FloodFigures } from './flood.ts';
import { load, type LoadResult } from './load.ts';
import {
  residentBytes,
  residentPeak,
  spawnServer,
  stopAll,
  stopLeftoverPostgres,
  waitForHealthy,
  type Child,
} from './processes.ts';
import {
  combineRuns,
  formatMb,
  formatMs,
  formatRate,
  formatRatio,
  formatTarget,
  meets,
  median,
  ratio,
  renderTable,
  spliceGenerated,
  type Row,
} from './table.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// `--only flood`: that row alone (the service started, seeded and flooded), printed and not written to BENCHMARKS.md.
// `--profile DIR`: the service runs under `node --cpu-prof`, its profile written to DIR when it stops.
const { values: options } = parseArgs({ options: { only: { type: 'string' }, profile: { type: 'string' } } });
if (options.only !== undefined && options.only !== 'flood') throw new Error(`--only takes flood, not ${options.only}`);
const PROFILE_ARGS = options.profile ? ['--cpu-prof', `--cpu-prof-dir=${options.profile}`] : [];
const SECONDS = Math.min(10, Math.max(1, Number(process.env.BENCH_SECONDS ?? 5) || 5));
const WARMUP_SECONDS = 2;
// The whole run must end well inside five minutes on two cores; past this it gives up.
const DEADLINE_MS = 290_000;
const ME_CONNECTIONS = [1, 16, 64] as const;
const HEALTH_CONNECTIONS = 16;
const LOGIN_CONNECTIONS = [2, 4, 8] as const;
const LIMITED_CONNECTIONS = 16;
const FLOOD_SECONDS = 4;
const STARTS = 3;
const SEMI_SPACE_FLAG = '--max-semi-space-size=8';
const ADMIN = { username: 'bench-admin', password: 'bench-password-1' };
const THROTTLED_USERNAME = 'bench-throttled';
const LOGIN_MAX_FAILURES = 5;

const log = (message: string) => process.stderr.write(`bench: ${message}\n`);

const tmp = mkdtempSync(join(tmpdir(), 'nobat-bench-'));
// The embedded PostgreSQL runs as the `postgres` user when started as root: it must reach its folder.
chmodSync(tmp, 0o755);
const sessionSecret = randomBytes(36).toString('base64url');

/** A small, explicit environment: the service's settings come from here, not from the caller's shell. */
function serviceEnv(databaseUrl: string | undefined, dataDir: string): Record<string, string | undefined> {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LANG: process.env.LANG,
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SESSION_SECRET: sessionSecret,
    LOGIN_MAX_FAILURES: String(LOGIN_MAX_FAILURES),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}

let logCount = 0;
async function startService(databaseUrl: string | undefined, dataDir: string, nodeArgs: string[] = []): Promise<Child> {
  return spawnServer({
    name: 'nobat',
    args: [...PROFILE_ARGS, ...nodeArgs, join(ROOT, 'dist/server/main.js')],
    env: serviceEnv(databaseUrl, dataDir),
    logFile: join(tmp, `nobat-${++logCount}.log`),
    listening: /nobat listening on (http:\/\/\S+)/,
    timeoutMs: 60_000,
  });
}

/** A yardstick server of `bench/yardsticks/` in a process of its own. */
async function startYardstick(name: string, args: string[], databaseUrl: string): Promise<Child> {
  return spawnServer({
    name,
    args: args.map((arg, i) => (i === 0 ? join(ROOT, 'bench/yardsticks', arg) : arg)),
    env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, SESSION_SECRET: sessionSecret, NODE_ENV: 'production' },
    logFile: join(tmp, `${name}.log`),
    listening: /listening on (http:\/\/\S+)/,
    timeoutMs: 15_000,
  });
}

function startFloor(mode: 'health' | 'health-db' | 'me', databaseUrl: string): Promise<Child> {
  return startYardstick(`floor-${mode}`, ['floor-server.ts', mode], databaseUrl);
}

/** express + tRPC + trpc-to-openapi doing one route the plainest way and nothing else (see stack-floor.ts). */
function startStackFloor(mode: 'me' | 'login' | 'login-guarded', databaseUrl: string): Promise<Child> {
  return startYardstick(`stack-floor-${mode}`, ['stack-floor.ts', mode], databaseUrl);
}

/**
 * `npm start` as a developer runs it (the machine's npm, the build step, then the service) on the embedded
 * database, to its first healthy answer, then a clean stop of its whole process group.
 */
async function timeNpmStart(dataDir: string): Promise<number> {
  const service = await spawnServer({
    name: 'npm-start',
    command: 'npm',
    args: ['start', '--prefix', ROOT],
    env: serviceEnv(undefined, dataDir),
    logFile: join(tmp, `npm-start-${++logCount}.log`),
    listening: /nobat listening on (http:\/\/\S+)/,
    timeoutMs: 120_000,
  });
  try {
    return await waitForHealthy(`${service.url}/api/health`, service.spawnedAt, 60_000);
  } finally {
    await service.stop();
  }
}

/** Start to first healthy answer, then a clean stop. */
async function timeStart(databaseUrl: string | undefined, dataDir: string): Promise<number> {
  const service = await startService(databaseUrl, dataDir);
  try {
    return await waitForHealthy(`${service.url}/api/health`, service.spawnedAt, 60_000);
  } finally {
    await service.stop();
  }
}

async function postJson(url: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
}

function sessionCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('nobat_sid='));
  if (!cookie) throw new Error('no nobat_sid cookie in the answer');
  return cookie.split(';')[0]!;
}

async function expectStatus(response: Response, status: number, what: string): Promise<unknown> {
  const body = await response.json().catch(() => null);
  if (response.status !== status) throw new Error(`${what}: expected ${status}, got ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** Creates the installation through the API and signs in; answers the session cookie. */
async function seed(url: string): Promise<string> {
  await expectStatus(
    await postJson(`${url}/api/auth/setup`, {
      hospitalName: 'Bench Hospital',
      wardName: 'Bench Ward',
      name: 'Bench Admin',
      ...ADMIN,
    }),
    201,
    'POST /api/auth/setup',
  );
  return sessionCookie(await login(url));
}

async function login(url: string): Promise<Response> {
  const response = await postJson(`${url}/api/auth/login`, ADMIN);
  if (response.status !== 200) await expectStatus(response, 200, 'POST /api/auth/login');
  return response;
}

async function getJson(url: string, cookie: string): Promise<unknown> {
  const response = await fetch(url, { headers: { Cookie: cookie }, signal: AbortSignal.timeout(10_000) });
  return expectStatus(response, 200, `GET ${url}`);
}

interface Verifies {
  verifies: number;
  seconds: number;
}

function argon2Verifies(concurrency: number, seconds: number): Verifies {
  const output = execFileSync(process.execPath, [join(ROOT, 'bench/yardsticks/argon2-verify.ts'), String(concurrency), String(seconds)], {
    encoding: 'utf8',
    timeout: (seconds + 30) * 1000,
  });
  return JSON.parse(output.trim().split('\n').pop()!) as Verifies;
}

/**
 * The yardstick for half the time before the figure and half after it, combined: a change in how
 * busy the machine is (other work shares these cores) then weighs on both sides of the ratio.
 */
async function bracketed<F, Y>(figure: () => Promise<F>, yardstick: (seconds: number) => Promise<Y>, combine: (a: Y, b: Y) => Y) {
  const before = await yardstick(SECONDS / 2);
  const measured = await figure();
  const after = await yardstick(SECONDS / 2);
  return { measured, yardstick: combine(before, after) };
}

function loadFigure(result: LoadResult): string {
  return `${formatRate(result.perSecond)} req/s · p50 ${formatMs(result.p50)} · p99 ${formatMs(result.p99)}`;
}

/** Right-password sign-ins at one connection count, and argon2.verify as fast as it goes beside them. */
interface SignInPoint {
  connections: number;
  measured: LoadResult;
  argon2: number;
}

interface Figures {
  database: string;
  me: { connections: number; nobat: LoadResult; floor: LoadResult }[];
  health: { nobat: LoadResult; bare: LoadResult; bareDb: LoadResult };
  login: SignInPoint[];
  stackLogin: SignInPoint[];
  guardedLogin: SignInPoint[];
  limited: LoadResult;
  flood: FloodFigures;
  rss: {
    idle: number;
    peak: number;
    floorPeak: number;
    stackIdle: number;
    stackPeak: number;
    stackRun: LoadResult;
    cappedPeak: number;
    cappedRun: LoadResult;
    defaultRun: LoadResult;
  };
  startFresh: number;
  startExternal: number[];
  startEmbeddedCold: number;
  startEmbeddedWarm: number[];
  /** `npm start` on an unchanged tree, and in turns with it the service started directly (its yardstick). */
  npmStartWarm: number[];
  directStartWarm: number[];
}

async function measure(db: BenchDatabase): Promise<Figures> {
  log(`database: ${db.description}`);
  const service = await startService(db.url, join(tmp, 'service-data'));
  const startFresh = await waitForHealthy(`${service.url}/api/health`, service.spawnedAt, 60_000);
  log(`nobat at ${service.url} (pid ${service.pid}), healthy after ${Math.round(startFresh)} ms on a fresh database`);
  const cookie = await seed(service.url);
  const expected = await getJson(`${service.url}/api/me`, cookie);

  // Idle: seeded, answered a few requests, then left alone for a moment.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idle = residentBytes(service.pid) ?? 0;

  // GET /api/me
  /** A yardstick measures nothing unless it answers what the service answers. */
  const expectSameMe = async (yardstick: Child) => {
    const answer = await getJson(`${yardstick.url}/api/me`, cookie);
    if (JSON.stringify(answer) !== JSON.stringify(expected)) {
      throw new Error(`${yardstick.name}'s /api/me differs from the service's:\n${JSON.stringify(answer)}\n${JSON.stringify(expected)}`);
    }
  };
  const floorMe = await startFloor('me', db.url);
  await expectSameMe(floorMe);
  const meRun = async (url: string, connections: number, seconds = SECONDS) =>
    load({ url: `${url}/api/me`, connections, seconds, headers: { Cookie: cookie }, expectStatus: 200 });
  log('GET /api/me');
  // Warm both up, then measure them in turns, point by point, so a busy moment of the machine
  // falls on both sides of a ratio rather than on one.
  await meRun(service.url, 64, WARMUP_SECONDS);
  await meRun(floorMe.url, 64, WARMUP_SECONDS);
  const meNobat: LoadResult[] = [];
  const meFloor: LoadResult[] = [];
  const servicePeak = residentPeak(service.pid);
  const floorPeak = residentPeak(floorMe.pid);
  for (const connections of ME_CONNECTIONS) {
    const point = await bracketed(
      () => servicePeak.during(() => meRun(service.url, connections)),
      (seconds) => floorPeak.during(() => meRun(floorMe.url, connections, seconds)),
      combineRuns,
    );
    meNobat.push(point.measured);
    meFloor.push(point.yardstick);
  }
  await floorMe.stop();

  // The stack alone under the same load, points and all: how much of the peak memory it takes by itself.
  log('GET /api/me: express + tRPC + trpc-to-openapi alone');
  const stack = await startStackFloor('me', db.url);
  await expectSameMe(stack);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const stackIdle = residentBytes(stack.pid) ?? 0;
  await meRun(stack.url, 64, WARMUP_SECONDS);
  const stackPeak = residentPeak(stack.pid);
  let stackRun: LoadResult | undefined;
  for (const connections of ME_CONNECTIONS) stackRun = await stackPeak.during(() => meRun(stack.url, connections));
  await stack.stop();

  // GET /api/health
  const healthRun = async (url: string, seconds = SECONDS) =>
    load({ url: `${url}/api/health`, connections: HEALTH_CONNECTIONS, seconds, expectStatus: 200 });
  log('GET /api/health');
  const bare = await startFloor('health', db.url);
  const bareDb = await startFloor('health-db', db.url);
  for (const url of [service.url, bare.url, bareDb.url]) await healthRun(url, 1);
  const healthPoint = await bracketed(
    () => healthRun(service.url),
    async (seconds) => ({ bare: await healthRun(bare.url, seconds), bareDb: await healthRun(bareDb.url, seconds) }),
    (a, b) => ({ bare: combineRuns(a.bare, b.bare), bareDb: combineRuns(a.bareDb, b.bareDb) }),
  );
  const healthNobat = healthPoint.measured;
  const { bare: healthBare, bareDb: healthBareDb } = healthPoint.yardstick;
  await bare.stop();
  await bareDb.stop();

  // POST /api/auth/login, right password: every answer is a new session.
  log('POST /api/auth/login');
  const loginBody = JSON.stringify(ADMIN);
  const loginRun = (url: string, connections: number, body: string, status: number) =>
    load({
      url: `${url}/api/auth/login`,
      connections,
      seconds: SECONDS,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      expectStatus: status,
    });
  /** Right-password sign-ins at every connection count, each bracketed by argon2.verify at as many at a time. */
  const signInPoints = async (url: string): Promise<SignInPoint[]> => {
    const points: SignInPoint[] = [];
    for (const connections of LOGIN_CONNECTIONS) {
      log(`  ${connections} connections, argon2.verify ${connections} at a time before and after`);
      const point = await bracketed(
        () => loginRun(url, connections, loginBody, 200),
        async (seconds) => argon2Verifies(connections, seconds),
        (a, b) => ({ verifies: a.verifies + b.verifies, seconds: a.seconds + b.seconds }),
      );
      points.push({ connections, measured: point.measured, argon2: point.yardstick.verifies / point.yardstick.seconds });
    }
    return points;
  };
  const logins = await signInPoints(service.url);

  const serviceAnswer = await expectStatus(await login(service.url), 200, 'POST /api/auth/login');
  /** A sign-in yardstick's points, once it has shown it answers as the service does with a session the service takes. */
  const yardstickSignIns = async (mode: 'login' | 'login-guarded'): Promise<SignInPoint[]> => {
    const yardstick = await startStackFloor(mode, db.url);
    const answer = await login(yardstick.url);
    if (JSON.stringify(await answer.json()) !== JSON.stringify(serviceAnswer)) {
      throw new Error(`${yardstick.name}'s sign-in answers otherwise than the service's`);
    }
    // Its session is a real one: the service takes its cookie.
    await getJson(`${service.url}/api/me`, sessionCookie(answer));
    const points = await signInPoints(yardstick.url);
    await yardstick.stop();
    return points;
  };

  // The least any sign-in does, through the same stack: how close to argon2 the stack itself lets a sign-in come.
  log('POST /api/auth/login: express + tRPC + trpc-to-openapi alone (user, argon2.verify, one session row)');
  const stackLogins = await yardstickSignIns('login');
  // The same, with the service's own statements around the hash: the guess claimed first, the session and the audit
  // record in one statement. How close to argon2 a sign-in that keeps the guess limit and the audit trail can come.
  log("POST /api/auth/login: the stack alone with the guess limit and the audit record (the service's two statements)");
  const guardedLogins = await yardstickSignIns('login-guarded');

  // The rate-limited path: an address and username with enough failures in the window.
  log('POST /api/auth/login while rate-limited');
  const throttled = { username: THROTTLED_USERNAME, password: 'wrong-password' };
  for (let attempt = 0; attempt < LOGIN_MAX_FAILURES; attempt += 1) {
    await expectStatus(await postJson(`${service.url}/api/auth/login`, throttled), 401, 'a failing sign-in');
  }
  await expectStatus(await postJson(`${service.url}/api/auth/login`, throttled), 429, 'a sign-in past the limit');
  const limited = await loginRun(service.url, LIMITED_CONNECTIONS, JSON.stringify(throttled), 429);

  // Last on this service: it leaves a 500-person ward behind. One employee floods batched reads of its schedule.
  log(`GET /api/rota/schedules of a second account beside one employee's flood of batched reads (${FLOOD_SECONDS} s each way)`);
  const flood = await measureFlood(service.url, db.url, cookie, FLOOD_SECONDS);
  await service.stop();

  // The same /api/me load on a service whose young generation is capped: how much of the peak is
  // V8 growing its new space under allocation churn rather than memory the service holds.
  log(`GET /api/me: nobat under node ${SEMI_SPACE_FLAG}`);
  const capped = await startService(db.url, join(tmp, 'service-data'), [SEMI_SPACE_FLAG]);
  await meRun(capped.url, 64, WARMUP_SECONDS);
  const cappedPeak = residentPeak(capped.pid);
  const cappedRun = await cappedPeak.during(() => meRun(capped.url, 64));
  await capped.stop();

  // Start-up to first healthy answer.
  log('start-up: external database');
  const startExternal: number[] = [];
  for (let i = 0; i < STARTS; i += 1) startExternal.push(await timeStart(db.url, join(tmp, 'service-data')));
  log('start-up: embedded database (first run initialises it)');
  const embeddedDir = join(tmp, 'embedded-data');
  const startEmbeddedCold = await timeStart(undefined, embeddedDir);
  const startEmbeddedWarm: number[] = [];
  for (let i = 0; i < STARTS; i += 1) startEmbeddedWarm.push(await timeStart(undefined, embeddedDir));
  // The tree was built by `npm run bench` itself, so every `npm start` here is a second one on an unchanged tree;
  // in turns with the service started directly, its yardstick, so a busy moment of the machine falls on both.
  log('start-up: npm start on an unchanged tree, beside node dist/server/main.js');
  const npmStartWarm: number[] = [];
  const directStartWarm: number[] = [];
  for (let i = 0; i < STARTS; i += 1) {
    npmStartWarm.push(await timeNpmStart(embeddedDir));
    directStartWarm.push(await timeStart(undefined, embeddedDir));
  }

  return {
    database: db.description,
    me: ME_CONNECTIONS.map((connections, i) => ({ connections, nobat: meNobat[i]!, floor: meFloor[i]! })),
    health: { nobat: healthNobat, bare: healthBare, bareDb: healthBareDb },
    login: logins,
    stackLogin: stackLogins,
    guardedLogin: guardedLogins,
    limited,
    flood,
    rss: {
      idle,
      peak: servicePeak.peak,
      floorPeak: floorPeak.peak,
      stackIdle,
      stackPeak: stackPeak.peak,
      stackRun: stackRun!,
      cappedPeak: cappedPeak.peak,
      cappedRun,
      defaultRun: meNobat[ME_CONNECTIONS.indexOf(64)]!,
    },
    startFresh,
    startExternal,
    startEmbeddedCold,
    startEmbeddedWarm,
    npmStartWarm,
    directStartWarm,
  };
}

function tableRows(f: Figures): Row[] {
  const rows: Row[] = [];
  const meYardstick = 'node:http + pg: HMAC, sha256, one query session → user → ward';
  // The targets: at least 0.6× the yardstick's rate, at most 3× its p99.
  const meRate = { op: '>=', bound: 0.6 } as const;
  const meP99 = { op: '<=', bound: 3 } as const;
  for (const { connections, nobat, floor } of f.me) {
    const rateRatio = ratio(nobat.perSecond, floor.perSecond);
    const p99Ratio = ratio(nobat.p99, floor.p99);
    const judged = connections === 64;
    rows.push({
      scenario: `GET /api/me, ${connections} connection${connections === 1 ? '' : 's'}`,
      measured: loadFigure(nobat),
      yardstick: meYardstick,
      yardstickFigure: loadFigure(floor),
      ratio: `req/s ${formatRatio(rateRatio)} · p99 ${formatRatio(p99Ratio)}`,
      target: judged ? `req/s ${formatTarget(meRate)} · p99 ${formatTarget(meP99)}` : '—',
      met: judged ? meets(rateRatio, meRate) && meets(p99Ratio, meP99) : null,
    });
  }
  const { nobat, bare, bareDb } = f.health;
  rows.push({
    scenario: `GET /api/health, ${HEALTH_CONNECTIONS} connections`,
    measured: loadFigure(nobat),
    yardstick: 'bare node:http, same JSON',
    yardstickFigure: loadFigure(bare),
    ratio: `req/s ${formatRatio(ratio(nobat.perSecond, bare.perSecond))}`,
    target: 'reported',
    met: null,
  });
  rows.push({
    scenario: `GET /api/health, ${HEALTH_CONNECTIONS} connections`,
    measured: loadFigure(nobat),
    yardstick: 'node:http + pg `select 1`, same JSON',
    yardstickFigure: loadFigure(bareDb),
    ratio: `req/s ${formatRatio(ratio(nobat.perSecond, bareDb.perSecond))}`,
    target: 'reported',
    met: null,
  });
  for (const { connections, measured: login, argon2 } of f.login) {
    rows.push({
      scenario: `POST /api/auth/login, right password, ${connections} connections`,
      measured: `${formatRate(login.perSecond)} logins/s · p99 ${formatMs(login.p99)}`,
      yardstick: `argon2.verify, ${connections} at a time`,
      yardstickFigure: `${formatRate(argon2)} verifies/s`,
      ratio: formatRatio(ratio(login.perSecond, argon2)),
      target: '—',
      met: null,
    });
  }
  const bestLogin = Math.max(...f.login.map((l) => l.measured.perSecond));
  const bestArgon2 = Math.max(...f.login.map((l) => l.argon2));
  const loginTarget = { op: '>=', bound: 0.85 } as const;
  rows.push({
    scenario: `POST /api/auth/login, right password, best of ${LOGIN_CONNECTIONS.join('/')} connections`,
    measured: `${formatRate(bestLogin)} logins/s`,
    yardstick: 'argon2.verify (m=19456, t=2, p=1), as fast as it goes',
    yardstickFigure: `${formatRate(bestArgon2)} verifies/s`,
    ratio: formatRatio(ratio(bestLogin, bestArgon2)),
    target: formatTarget(loginTarget),
    met: meets(ratio(bestLogin, bestArgon2), loginTarget),
  });
  /** The service's best sign-in against a sign-in yardstick's best, and that yardstick's against argon2 beside it. */
  const againstYardstick = (points: SignInPoint[], name: string, description: string): Row => {
    const best = Math.max(...points.map((l) => l.measured.perSecond));
    const bestArgon2 = Math.max(...points.map((l) => l.argon2));
    return {
      scenario: `POST /api/auth/login, right password, best of ${LOGIN_CONNECTIONS.join('/')} connections`,
      measured: `${formatRate(bestLogin)} logins/s (${formatRatio(ratio(bestLogin, best))} of the ${name})`,
      yardstick: description,
      yardstickFigure: `${formatRate(best)} logins/s · argon2.verify beside it ${formatRate(bestArgon2)} verifies/s`,
      ratio: `${name} ${formatRatio(ratio(best, bestArgon2))} of argon2`,
      target: 'reported',
      met: null,
    };
  };
  rows.push(
    againstYardstick(
      f.stackLogin,
      'stack alone',
      'express + tRPC + trpc-to-openapi alone: the user by username, argon2.verify, one session row, the cookie; no guess limit, audit or log',
    ),
    againstYardstick(
      f.guardedLogin,
      'guarded stack alone',
      "the same stack alone with the service's two statements: the guess claimed before argon2.verify (the account read by the claim), then the session and the audit record in one statement; no ORM, guards, device cookie or log",
    ),
  );
  const limitedTarget = { op: '>=', bound: 20 } as const;
  rows.push({
    scenario: `POST /api/auth/login while rate-limited (429), ${LIMITED_CONNECTIONS} connections`,
    measured: `${formatRate(f.limited.perSecond)} answers/s · p99 ${formatMs(f.limited.p99)}`,
    yardstick: 'the best right-password login figure above',
    yardstickFigure: `${formatRate(bestLogin)} logins/s`,
    ratio: formatRatio(ratio(f.limited.perSecond, bestLogin)),
    target: formatTarget(limitedTarget),
    met: meets(ratio(f.limited.perSecond, bestLogin), limitedTarget),
  });
  rows.push(floodRow(f.flood));
  const mb = 1024 * 1024;
  const stackAlone = 'express + tRPC + trpc-to-openapi alone: the same lookup with pg as one procedure, nothing else';
  rows.push({
    scenario: 'resident memory (VmRSS), idle after seeding',
    measured: formatMb(f.rss.idle),
    yardstick: `${stackAlone}, idle after its first answer`,
    yardstickFigure: formatMb(f.rss.stackIdle),
    ratio: formatRatio(ratio(f.rss.idle, f.rss.stackIdle)),
    target: 'reported',
    met: null,
  });
  rows.push({
    scenario: 'resident memory (VmRSS), peak of the /api/me run',
    measured: formatMb(f.rss.peak),
    yardstick: 'node:http + pg, the same lookup, same runs',
    yardstickFigure: formatMb(f.rss.floorPeak),
    ratio: formatRatio(ratio(f.rss.peak, f.rss.floorPeak)),
    target: '< 250 MB',
    met: f.rss.peak < 250 * mb,
  });
  rows.push({
    scenario: 'resident memory (VmRSS), peak of the /api/me run',
    measured: `${formatMb(f.rss.peak)} (${formatMb(f.rss.peak - f.rss.idle)} over idle)`,
    yardstick: `${stackAlone}; the same ${ME_CONNECTIONS.join('/')} connections`,
    yardstickFigure: `${formatMb(f.rss.stackPeak)} (${formatMb(f.rss.stackPeak - f.rss.stackIdle)} over idle) · ${formatRate(f.rss.stackRun.perSecond)} req/s at 64 connections`,
    ratio: formatRatio(ratio(f.rss.peak, f.rss.stackPeak)),
    target: 'reported',
    met: null,
  });
  rows.push({
    scenario: `resident memory (VmRSS), peak of GET /api/me at 64 connections, service run as \`node ${SEMI_SPACE_FLAG}\``,
    measured: `${formatMb(f.rss.cappedPeak)} at ${formatRate(f.rss.cappedRun.perSecond)} req/s`,
    yardstick: 'the same service with default flags, same point',
    yardstickFigure: `${formatRate(f.rss.defaultRun.perSecond)} req/s`,
    ratio: `req/s ${formatRatio(ratio(f.rss.cappedRun.perSecond, f.rss.defaultRun.perSecond))}`,
    target: 'reported',
    met: null,
  });
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  rows.push({
    scenario: `start-up to first healthy answer, external database (median of ${f.startExternal.length})`,
    measured: seconds(median(f.startExternal)),
    yardstick: '—',
    yardstickFigure: '—',
    ratio: '—',
    target: '< 3 s',
    met: median(f.startExternal) < 3000,
  });
  rows.push({
    scenario: 'start-up to first healthy answer, external database, first start (applies the migrations)',
    measured: seconds(f.startFresh),
    yardstick: '—',
    yardstickFigure: '—',
    ratio: '—',
    target: 'reported',
    met: null,
  });
  rows.push({
    scenario: `start-up to first healthy answer, warm embedded database (median of ${f.startEmbeddedWarm.length})`,
    measured: seconds(median(f.startEmbeddedWarm)),
    yardstick: '—',
    yardstickFigure: '—',
    ratio: '—',
    target: 'reported',
    met: null,
  });
  const npmStart = median(f.npmStartWarm);
  const directStart = median(f.directStartWarm);
  rows.push({
    scenario: `second \`npm start\` of an unchanged tree to first healthy answer, warm embedded database (median of ${f.npmStartWarm.length})`,
    measured: seconds(npmStart),
    yardstick: '`node dist/server/main.js`, same database, in turns',
    yardstickFigure: seconds(directStart),
    ratio: formatRatio(ratio(npmStart, directStart)),
    target: '< 3 s',
    met: npmStart < 3000,
  });
  rows.push({
    scenario: 'start-up to first healthy answer, embedded database, first run (initialises it)',
    measured: seconds(f.startEmbeddedCold),
    yardstick: '—',
    yardstickFigure: '—',
    ratio: '—',
    target: 'reported',
    met: null,
  });
  return rows;
}

/** A second account's list beside one employee's flood, against the same list alone in the same run. */
function floodRow({ alone, beside, otherStatuses, flood }: FloodFigures): Row {
  const floodP99 = ratio(percentile(beside, 0.99), percentile(alone, 0.99));
  const refused = Object.values(otherStatuses).reduce((sum, count) => sum + count, 0);
  const floodTarget = { op: '<=', bound: 3 } as const;
  return {
    scenario: "GET /api/rota/schedules (a 500-person, 62-day schedule) of a second account while one employee floods tRPC batches of 50 reads of it, 3 at a time",
    measured:
      `p50 ${formatMs(percentile(beside, 0.5))} · p99 ${formatMs(percentile(beside, 0.99))} · ${beside.length} answers, ${refused} not 200 ${JSON.stringify(otherStatuses)} · ` +
      `the flood's calls: ${flood.ok} answered, ${flood.tooMany} 429, ${flood.unavailable} 503, ${flood.other} other`,
    yardstick: 'the same request, one after another, without the flood (half before it, half after)',
    yardstickFigure: `p50 ${formatMs(percentile(alone, 0.5))} · p99 ${formatMs(percentile(alone, 0.99))} · ${alone.length} answers`,
    ratio: `p99 ${formatRatio(floodP99)}`,
    target: `p99 ${formatTarget(floodTarget)} · no 503`,
    met: meets(floodP99, floodTarget) && refused === 0 && flood.unavailable === 0,
  };
}

/** `--only flood`: a fresh service, seeded, then the flood row. */
async function measureFloodOnly(db: BenchDatabase): Promise<FloodFigures> {
  log(`database: ${db.description}`);
  const service = await startService(db.url, join(tmp, 'service-data'));
  await waitForHealthy(`${service.url}/api/health`, service.spawnedAt, 60_000);
  const cookie = await seed(service.url);
  log(`GET /api/rota/schedules of a second account beside one employee's flood of batched reads (${FLOOD_SECONDS} s each way)`);
  const flood = await measureFlood(service.url, db.url, cookie, FLOOD_SECONDS);
  await service.stop();
  return flood;
}

function cpuModel(): string {
  return cpus()[0]?.model.trim() ?? 'unknown CPU';
}

async function main(): Promise<void> {
  const started = performance.now();
  let db: BenchDatabase | undefined;
  const cleanUp = async (failed: boolean) => {
    await stopAll();
    if (failed) showLogTails();
    await stopLeftoverPostgres(join(tmp, 'embedded-data', 'postgres'));
    await db?.drop().catch((error: unknown) => log(`could not drop the benchmark database: ${String(error)}`));
    rmSync(tmp, { recursive: true, force: true });
  };
  const deadline = setTimeout(() => {
    log(`over the ${DEADLINE_MS / 1000} s budget: giving up`);
    void cleanUp(true).finally(() => process.exit(1));
  }, DEADLINE_MS);
  let failed = true;
  try {
    db = await openBenchDatabase(process.env.DATABASE_URL || undefined, join(tmp, 'pg'));
    if (options.only === 'flood') {
      const row = floodRow(await measureFloodOnly(db));
      process.stdout.write(`${renderTable([row])}\n`);
      if (row.met === false) log('target missed');
      failed = false;
      return;
    }
    const figures = await measure(db);
    const rows = tableRows(figures);
    const generated = [
      `Run of ${new Date().toISOString().slice(0, 10)} · Node ${process.version} · ${availableParallelism()} CPUs (${cpuModel()}) · ${figures.database}`,
      '',
      `${SECONDS} s per point after a short warm-up, each yardstick measured for half that time just before and half just after ` +
        `its figure (rates over the joint time, percentiles averaged); autocannon ${autocannonVersion()} in the benchmark's own ` +
        'process, the service and each yardstick in a process of their own, all on the same two cores, which other work shares. ' +
        `Whole run: ${Math.round((performance.now() - started) / 1000)} s.`,
      '',
      renderTable(rows),
    ].join('\n');
    process.stdout.write(`${generated}\n`);
    const file = join(ROOT, 'BENCHMARKS.md');
    writeFileSync(file, spliceGenerated(existsSync(file) ? readFileSync(file, 'utf8') : null, generated));
    log(`written to ${file}`);
    const missed = rows.filter((row) => row.met === false);
    if (missed.length > 0) log(`targets missed: ${missed.map((row) => row.scenario).join('; ')}`);
    failed = false;
  } finally {
    clearTimeout(deadline);
    await cleanUp(failed);
  }
}

function autocannonVersion(): string {
  const file = join(ROOT, 'node_modules/autocannon/package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** The last lines each child wrote, so a failed run can be understood after its files are gone. */
function showLogTails(): void {
  for (const name of readdirSync(tmp).filter((file) => file.endsWith('.log'))) {
    const tail = readFileSync(join(tmp, name), 'utf8').trimEnd().split('\n').slice(-8);
    log(`--- last lines of ${name}\n${tail.join('\n')}`);
  }
}

main().catch((error: unknown) => {
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  // Explicitly: the embedded PostgreSQL package's exit hooks would otherwise end the process with 0.
  process.exit(1);
});
