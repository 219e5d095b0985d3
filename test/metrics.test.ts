import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { startMetricsServer, metricsUrl } from '../server/metrics/metrics-server.js';
import { routeTemplateMatcher } from '../server/metrics/http-metrics.js';
import { compiledProject } from './support/build.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { ADMIN, setUpInstallation } from './support/fixtures.js';
import { setUpRotaPeople, type RotaPeople } from './support/rota-api.js';
import { compiledSolver, setUpSolveWard, waitForSolveEnd } from './support/solve-ward.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/** The value of one sample of a scrape (0 when the series is not there yet). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(/,(?=\w+=")/).filter(Boolean);
    if (wanted.every((pair) => present.includes(pair)) && present.length === wanted.length) return Number(match[3]);
  }
  return 0;
}

async function scrape(url: string): Promise<string> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

describe('route templates', () => {
  const templateOf = routeTemplateMatcher({
    templates: ['/api/health', '/api/rota/schedules/{id}', '/api/rota/schedules/{id}/solve', '/api/rota/holidays/{date}', '/api/rota/holidays'],
    procedures: ['auth.login', 'auth.me'],
  });

  it('names a request by the template it matched, never by its ids', () => {
    expect(templateOf('/api/health')).toBe('/api/health');
    expect(templateOf('/api/rota/schedules/12/solve')).toBe('/api/rota/schedules/{id}/solve');
    expect(templateOf('/api/rota/holidays/2026-12-24')).toBe('/api/rota/holidays/{date}');
    expect(templateOf('/api/rota/schedules/')).toBe('(unmatched)');
    expect(templateOf('/api/secret-token-1234')).toBe('(unmatched)');
    expect(templateOf('/trpc/auth.login')).toBe('/trpc/auth.login');
    expect(templateOf('/trpc/auth.login,auth.me')).toBe('/trpc/(batch)');
    expect(templateOf('/trpc/auth.nothing')).toBe('(unmatched)');
  });
});

describe('metrics', () => {
  let build: { dir: string };
  let server: TestServer;
  let metricsServer: Server;
  let metrics: string;
  let people: RotaPeople;

  beforeAll(async () => {
    build = await compiledProject();
    server = await startTestServer({ env: { JOB_MONITOR_SECONDS: '1' }, jobs: { runSolver: await compiledSolver(build.dir) } });
    // As main.ts and worker.ts start it for METRICS_PORT.
    metricsServer = await startMetricsServer(server.services.metrics, '127.0.0.1', 0);
    metrics = metricsUrl(metricsServer, '127.0.0.1');
    people = await setUpRotaPeople(server, await setUpInstallation(server));
  }, 180_000);
  afterAll(async () => {
    metricsServer?.close();
    await server?.close();
  });

  it('answers on its own port only: the API port has no /metrics, the metrics port nothing else', async () => {
    const onApi = await server.client().get('/metrics');
    expect(onApi.status).toBe(404);
    expect(onApi.text).not.toContain('nobat_');
    expect((await fetch(metrics.replace('/metrics', '/api/health'))).status).toBe(404);
    const text = await scrape(metrics);
    for (const name of ['process_cpu_seconds_total', 'nodejs_heap_size_used_bytes', 'nobat_db_pool_connections_in_use', 'nobat_db_pool_waiting', 'nobat_solve_jobs_waiting']) {
      expect(text).toMatch(new RegExp(`^${name}(\\{[^}]*\\})? \\d`, 'm'));
    }
  });

  it('counts a request by route template, method and status, and times it', async () => {
    const labels = { route: '/api/health', method: 'GET', status: '200' };
    const before = await scrape(metrics);
    expect((await server.client().get('/api/health')).status).toBe(200);
    const after = await scrape(metrics);
    expect(sample(after, 'nobat_http_requests_total', labels) - sample(before, 'nobat_http_requests_total', labels)).toBe(1);
    expect(sample(after, 'nobat_http_request_duration_seconds_count', labels) - sample(before, 'nobat_http_request_duration_seconds_count', labels)).toBe(1);

    expect((await people.manager.client.get('/api/rota/schedules/987654')).status).toBe(404);
    const text = await scrape(metrics);
    expect(sample(text, 'nobat_http_requests_total', { route: '/api/rota/schedules/{id}', method: 'GET', status: '404' })).toBe(1);
    expect(text).not.toContain('987654');
  });

  it('counts sign-ins by outcome: success, wrong credentials, rate limited', async () => {
    const client = server.client();
    expect((await client.post('/api/auth/login', { username: ADMIN.username, password: 'wrong-password' })).status).toBe(401);
    expect((await client.post('/api/auth/login', ADMIN)).status).toBe(200);
    for (let i = 0; i < 5; i++) await client.post('/api/auth/login', { username: 'nobody', password: 'wrong-password' });
    expect((await client.post('/api/auth/login', { username: 'nobody', password: 'wrong-password' })).status).toBe(429);
    const text = await scrape(metrics);
    expect(sample(text, 'nobat_sign_ins_total', { method: 'password', outcome: 'success' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'nobat_sign_ins_total', { method: 'password', outcome: 'wrong_credentials' })).toBe(6);
    expect(sample(text, 'nobat_sign_ins_total', { method: 'password', outcome: 'rate_limited' })).toBe(1);
  });

  it('counts a solve by how it ended, with its run time, and forgets its best score once it is over', async () => {
    const ward = await setUpSolveWard(server, people.manager.client, people.wardId, [people.manager.id, people.employee.id, people.colleague.id]);
    expect((await people.manager.client.post(`/api/rota/schedules/${ward.scheduleId}/solve`, { timeLimitSeconds: 1 })).status).toBe(202);
    const job = await waitForSolveEnd(people.manager.client, ward.scheduleId);
    expect(job.status).toBe('done');
    // The worker counts the attempt just after it has written the job's end.
    let text = await scrape(metrics);
    for (let waited = 0; sample(text, 'nobat_solve_jobs_total', { status: 'done' }) === 0 && waited < 5000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      text = await scrape(metrics);
    }
    expect(sample(text, 'nobat_solve_jobs_total', { status: 'done' })).toBe(1);
    expect(sample(text, 'nobat_solve_job_duration_seconds_count', { status: 'done' })).toBe(1);
    // A small ward's optimum is proven within a second or two, so the run time is only known to be positive.
    expect(sample(text, 'nobat_solve_job_duration_seconds_sum', { status: 'done' })).toBeGreaterThan(0);
    expect(sample(text, 'nobat_solve_jobs_running')).toBe(0);
    expect(sample(text, 'nobat_solve_jobs_waiting')).toBe(0);
    expect(text).not.toMatch(/^nobat_solve_running_best_hard\{/m);
  }, 120_000);

  describe('in the built processes', () => {
    let database: TestDatabase;
    const children: ChildProcess[] = [];

    /** Starts a built entry point and waits for its metrics line, then its ready line. */
    function start(entry: string, ready: RegExp): Promise<{ metrics: string; output: string }> {
      const child = spawn(process.execPath, [join(build.dir, entry)], {
        env: { PATH: process.env.PATH ?? '', DATABASE_URL: database.url, PORT: '0', METRICS_PORT: '0', LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      let output = '';
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`not ready within 60 s:\n${output}`)), 60_000);
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const url = /metrics on (http:\/\/\S+)/.exec(output);
          if (url && ready.test(output)) {
            clearTimeout(timer);
            resolve({ metrics: url[1]!, output });
          }
        };
        child.stdout!.on('data', onData);
        child.stderr!.on('data', onData);
        child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
      });
    }

    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(async () => {
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
      await database?.drop();
    });

    it('the service and a worker each serve their own on METRICS_PORT, the service not on its API port', async () => {
      const service = await start('server/main.js', /nobat listening on (http:\/\/\S+)/);
      const api = /nobat listening on (http:\/\/\S+)/.exec(service.output)![1]!;
      expect((await fetch(`${api}/api/health`)).status).toBe(200);
      expect((await fetch(`${api}/metrics`)).status).toBe(404);
      expect(sample(await scrape(service.metrics), 'nobat_http_requests_total', { route: '/api/health', method: 'GET', status: '200' })).toBe(1);

      const worker = await start('server/worker.js', /nobat worker running/);
      expect(worker.metrics).not.toBe(service.metrics);
      const text = await scrape(worker.metrics);
      expect(text).toContain('nobat_solve_jobs_running 0');
      expect(text).not.toContain('nobat_http_requests_total{');
    }, 120_000);
  });
});
