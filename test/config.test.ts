import { describe, expect, it } from '@jest/globals';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { ConfigError, defaultSolverThreads, loadConfig } from '../server/config.js';

describe('settings', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      sessionSecret: undefined,
      sessionTtlSeconds: 2_592_000,
      timezone: 'Asia/Tehran',
      publicUrl: 'http://localhost:3000',
      cookieSecure: false,
      trustProxy: false,
      loginMaxFailures: 5,
      loginMaxFailuresPerIp: 50,
      loginWindowSeconds: 900,
      retentionDays: 365,
      shutdownGraceSeconds: 10,
      worker: true,
      workerConcurrency: 1,
      solverThreads: Math.min(2, availableParallelism()),
      jobMonitorSeconds: 10,
      accountConcurrency: 2,
      accountQueue: 100,
      accountAnswerCells: 31_000,
      webauthnOrigins: [],
    });
    expect(loadConfig({ SOLVER_THREADS: '4' }).solverThreads).toBe(4);
    expect(() => loadConfig({ SOLVER_THREADS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ SOLVER_THREADS: 'two' })).toThrow(ConfigError);
    expect(config.dataDir).toBe(join(process.cwd(), '.data'));
  });

  it('gives each solve fewer threads by default when a worker runs several solves at once, one at least', () => {
    expect([
      defaultSolverThreads(1, 1),
      defaultSolverThreads(1, 2),
      defaultSolverThreads(2, 2),
      defaultSolverThreads(3, 2),
      defaultSolverThreads(2, 4),
      defaultSolverThreads(3, 4),
      defaultSolverThreads(1, 16),
      defaultSolverThreads(4, 16),
    ]).toEqual([1, 2, 1, 1, 2, 1, 2, 2]);
    // As many solves at once as the machine has cores: one thread each, whatever the machine.
    expect(loadConfig({ WORKER_CONCURRENCY: String(availableParallelism()) }).solverThreads).toBe(1);
    // A SOLVER_THREADS of one's own is kept as it is.
    expect(loadConfig({ WORKER_CONCURRENCY: String(availableParallelism()), SOLVER_THREADS: '2' }).solverThreads).toBe(2);
  });

  it('reads WEBAUTHN_ORIGINS as a comma-separated list of origins', () => {
    expect(loadConfig({ WEBAUTHN_ORIGINS: 'https://app.example.org/, http://localhost:5173' }).webauthnOrigins).toEqual([
      'https://app.example.org',
      'http://localhost:5173',
    ]);
  });

  it('derives PUBLIC_URL from PORT and COOKIE_SECURE from an https PUBLIC_URL', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://nobat.example.org/' })).toMatchObject({
      publicUrl: 'https://nobat.example.org',
      cookieSecure: true,
    });
    expect(loadConfig({ PUBLIC_URL: 'https://nobat.example.org', COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/nobat'],
    ['SESSION_SECRET', 'too-short'],
    ['SESSION_TTL_SECONDS', '0'],
    ['APP_TIMEZONE', 'Mars/Olympus_Mons'],
    ['PUBLIC_URL', 'not a url'],
    ['COOKIE_SECURE', 'maybe'],
    ['TRUST_PROXY', 'sometimes'],
    ['LOGIN_MAX_FAILURES', '-1'],
    ['LOGIN_MAX_FAILURES_PER_IP', '1.5'],
    ['LOGIN_WINDOW_SECONDS', 'forever'],
    ['RETENTION_DAYS', '0'],
    ['SHUTDOWN_GRACE_SECONDS', '601'],
    ['WEBAUTHN_ORIGINS', 'not an origin'],
    ['WEBAUTHN_ORIGINS', 'ftp://app.example.org'],
    ['WEBAUTHN_ORIGINS', 'https://app.example.org/login'],
  ])('stops on a bad %s with a one-line message naming it', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.startsWith(`${name}:`)).toBe(true);
    expect(message).not.toContain('\n');
    // Says what is wrong in words, not as a validation library's dump.
    expect(message).not.toMatch(/[{}[\]]|Invalid input|expected/);
  });
});
