import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';

/** Every setting of CONTRACT §1, parsed and validated once at start-up. */
export interface Config {
  port: number;
  host: string;
  /** Unset: an embedded PostgreSQL is started under `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Unset: generated once and kept in `dataDir` (see `resolveSessionSecret`). */
  sessionSecret: string | undefined;
  sessionTtlSeconds: number;
  timezone: string;
  publicUrl: string;
  cookieSecure: boolean;
  trustProxy: boolean;
  loginMaxFailures: number;
  loginMaxFailuresPerIp: number;
  loginWindowSeconds: number;
  /** Origins allowed in a passkey ceremony besides `publicUrl`'s (the web app's, when it is served elsewhere). */
  webauthnOrigins: string[];
  logLevel: string;
}

export class ConfigError extends Error {
  constructor(setting: string, problem: string) {
    super(`${setting}: ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['true', '1', 'yes'].includes(raw)) return true;
  if (['false', '0', 'no'].includes(raw)) return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}

function url(name: string, raw: string, protocols: string[]): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `is not a valid URL`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must use ${protocols.join(' or ')}`);
  }
  return raw;
}

/** A comma-separated list of origins (scheme, host and port only). */
function origins(env: Env, name: string): string[] {
  const raw = read(env, name);
  if (raw === undefined) return [];
  return raw.split(',').map((entry) => entry.trim()).filter(Boolean).map((entry) => {
    const parsed = new URL(url(name, entry, ['http:', 'https:']));
    if (parsed.origin !== entry.replace(/\/+$/, '')) throw new ConfigError(name, `"${entry}" is not an origin (scheme, host and port only)`);
    return parsed.origin;
  });
}

function timezone(env: Env): string {
  const zone = read(env, 'APP_TIMEZONE') ?? 'Asia/Tehran';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    throw new ConfigError('APP_TIMEZONE', `is not a known IANA time zone: "${zone}"`);
  }
  return zone;
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const host = read(env, 'HOST') ?? '127.0.0.1';
  const databaseUrlRaw = read(env, 'DATABASE_URL');
  const databaseUrl = databaseUrlRaw && url('DATABASE_URL', databaseUrlRaw, ['postgres:', 'postgresql:']);
  const sessionSecret = read(env, 'SESSION_SECRET');
  if (sessionSecret !== undefined && sessionSecret.length < 32) {
    throw new ConfigError('SESSION_SECRET', 'must be at least 32 characters');
  }
  const publicUrl = url('PUBLIC_URL', read(env, 'PUBLIC_URL') ?? `http://localhost:${port}`, ['http:', 'https:']).replace(
    /\/+$/,
    '',
  );
  return {
    port,
    host,
    databaseUrl,
    dataDir: resolve(read(env, 'DATA_DIR') ?? './.data'),
    sessionSecret,
    sessionTtlSeconds: integer(env, 'SESSION_TTL_SECONDS', 2_592_000, 1, 10 * 365 * 24 * 3600),
    timezone: timezone(env),
    publicUrl,
    cookieSecure: boolean(env, 'COOKIE_SECURE', publicUrl.startsWith('https:')),
    trustProxy: boolean(env, 'TRUST_PROXY', false),
    loginMaxFailures: integer(env, 'LOGIN_MAX_FAILURES', 5, 1, 1_000_000),
    loginMaxFailuresPerIp: integer(env, 'LOGIN_MAX_FAILURES_PER_IP', 50, 1, 1_000_000),
    loginWindowSeconds: integer(env, 'LOGIN_WINDOW_SECONDS', 900, 1, 7 * 24 * 3600),
    webauthnOrigins: origins(env, 'WEBAUTHN_ORIGINS'),
    logLevel: read(env, 'LOG_LEVEL') ?? 'info',
  };
}

/** The configured secret, or one generated on first run and kept in `DATA_DIR/session-secret` (mode 0600). */
export function resolveSessionSecret(config: Config): string {
  if (config.sessionSecret) return config.sessionSecret;
  const file = join(config.dataDir, 'session-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
