import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig, resolveSessionSecret } from '../server/config.js';

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
      webauthnOrigins: [],
    });
    expect(config.dataDir).toBe(join(process.cwd(), '.data'));
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
  });

  it('generates a session secret once, keeps it in DATA_DIR with mode 0600, and reuses it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'nobat-secret-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = resolveSessionSecret(config);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = join(dataDir, 'session-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(resolveSessionSecret(loadConfig({ DATA_DIR: dataDir }))).toBe(first);
  });

  it('prefers SESSION_SECRET to a generated one', () => {
    const secret = 's'.repeat(40);
    expect(resolveSessionSecret(loadConfig({ SESSION_SECRET: secret, DATA_DIR: mkdtempSync(join(tmpdir(), 'nobat-')) }))).toBe(secret);
  });
});
