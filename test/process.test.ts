import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect, createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { isRunning } from '../server/db/embedded.js';
import { compiledProject } from './support/build.js';
import { TestClient } from './support/client.js';
import { createTestDatabase } from './support/database.js';

let MAIN = '';

interface Running {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** Starts the built service as `npm start` would run it, and waits for its "listening" line. */
function start(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line within 30 s:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /nobat listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, output: () => output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before listening:\n${output}`));
    });
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

function postgresPid(dataDir: string): number | undefined {
  const file = join(dataDir, 'postgres', 'postmaster.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : undefined;
}

const SETUP = { hospitalName: 'H', wardName: 'W', name: 'Admin', username: 'admin', password: 'admin-password-1' };

describe('the service process', () => {
  let build: { dir: string };
  beforeAll(async () => {
    build = await compiledProject();
    MAIN = join(build.dir, 'server/main.js');
  }, 120_000);

  it('refuses to start on a bad setting, with one line naming it', async () => {
    const child = spawn(process.execPath, [MAIN], { env: { PATH: process.env.PATH ?? '', APP_TIMEZONE: 'Nowhere/Town' } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await exited(child)).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain('APP_TIMEZONE');
  });

  describe('on the embedded database', () => {
    // Each test has a data directory of its own and installs what it needs there.
    const dirs: string[] = [];
    const newDataDir = () => {
      const dir = mkdtempSync(join(tmpdir(), 'nobat-process-'));
      dirs.push(dir);
      return dir;
    };
    afterAll(() => {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    });

    it('initialises it, serves, and stops it cleanly on SIGTERM', async () => {
      const dataDir = newDataDir();
      const running = await start({ DATA_DIR: dataDir });
      const client = new TestClient(running.url);
      expect((await client.get('/api/health')).body).toEqual({ ok: true, db: 'up', queue: 'up' });
      expect((await client.post('/api/auth/setup', SETUP)).status).toBe(201);
      const pid = postgresPid(dataDir)!;
      expect(isRunning(pid)).toBe(true);
      running.child.kill('SIGTERM');
      expect(await exited(running.child)).toBe(0);
      expect(isRunning(pid)).toBe(false);
      // The generated session secret lives in the database, where every process sharing it finds it.
      expect(existsSync(join(dataDir, 'session-secret'))).toBe(false);
    });

    it('keeps data and the session secret across a restart: the earlier cookie still works', async () => {
      const dataDir = newDataDir();
      const first = await start({ DATA_DIR: dataDir });
      const client = new TestClient(first.url);
      // Setup signs the new administrator in: the cookie to present after the restart.
      expect((await client.post('/api/auth/setup', SETUP)).status).toBe(201);
      first.child.kill('SIGINT');
      expect(await exited(first.child)).toBe(0);

      const second = await start({ DATA_DIR: dataDir });
      const again = new TestClient(second.url);
      for (const [name, value] of client.cookies) again.cookies.set(name, value);
      expect((await again.get('/api/setup')).body).toEqual({ needsSetup: false });
      expect((await again.get('/api/me')).status).toBe(200);
      second.child.kill('SIGTERM');
      expect(await exited(second.child)).toBe(0);
    });

    it('recovers a PostgreSQL left running by a killed process', async () => {
      const dataDir = newDataDir();
      const killed = await start({ DATA_DIR: dataDir });
      expect((await new TestClient(killed.url).post('/api/auth/setup', SETUP)).status).toBe(201);
      killed.child.kill('SIGKILL');
      await exited(killed.child);
      const orphan = postgresPid(dataDir)!;
      expect(isRunning(orphan)).toBe(true);

      const next = await start({ DATA_DIR: dataDir });
      expect(isRunning(orphan)).toBe(false);
      expect((await new TestClient(next.url).get('/api/setup')).body).toEqual({ needsSetup: false });
      next.child.kill('SIGTERM');
      expect(await exited(next.child)).toBe(0);
    });
  });

  describe('on an external database', () => {
    it('fails to start on a busy port, with one line and a non-zero exit', async () => {
      const database = await createTestDatabase();
      const busy = createServer();
      await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
      const port = (busy.address() as AddressInfo).port;
      try {
        const child = spawn(process.execPath, [MAIN], {
          env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: database.url, SESSION_SECRET: 'x'.repeat(40) },
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        expect(await exited(child)).toBe(1);
        expect(stdout).not.toContain('listening');
        expect(stderr.trim().split('\n')).toHaveLength(1);
        expect(stderr).toContain(String(port));
      } finally {
        busy.close();
        await database.drop();
      }
    });

    it('stops within SHUTDOWN_GRACE_SECONDS even while a request hangs', async () => {
      const database = await createTestDatabase();
      const dataDir = mkdtempSync(join(tmpdir(), 'nobat-process-'));
      try {
        const running = await start({ DATABASE_URL: database.url, DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40), SHUTDOWN_GRACE_SECONDS: '1' });
        const { port, hostname } = new URL(running.url);
        // A request whose body never arrives: without the grace period, the shutdown waits for it forever.
        const socket = connect(Number(port), hostname);
        await new Promise<void>((resolve) => socket.once('connect', resolve));
        socket.write('POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user');
        await new Promise((resolve) => setTimeout(resolve, 200));
        running.child.kill('SIGTERM');
        expect(await exited(running.child)).toBe(0);
        socket.destroy();
      } finally {
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });

    it('applies the committed migrations before it listens', async () => {
      const database = await createTestDatabase({ empty: true });
      const dataDir = mkdtempSync(join(tmpdir(), 'nobat-process-'));
      try {
        const running = await start({ DATABASE_URL: database.url, DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40) });
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          const tables = await client.query(`select table_name from information_schema.tables where table_schema = 'public'`);
          expect(tables.rows.map((r) => r.table_name)).toEqual(
            expect.arrayContaining(['hospital', 'ward', 'app_user', 'session', 'invite', 'login_failure', 'auth_event']),
          );
          const applied = await client.query('select name from mikro_orm_migrations');
          expect(applied.rowCount).toBeGreaterThanOrEqual(1);
        } finally {
          await client.end();
        }
        expect((await new TestClient(running.url).get('/api/health')).status).toBe(200);
        // No embedded server was started for it.
        expect(existsSync(join(dataDir, 'postgres'))).toBe(false);
        running.child.kill('SIGTERM');
        expect(await exited(running.child)).toBe(0);
      } finally {
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
});
