import { afterEach, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isRunning, startEmbeddedPostgres } from '../server/db/embedded.js';

/** A process that just stays alive, standing in for a PostgreSQL server or a service process. */
function stayAlive(): ChildProcess {
  return spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
}

describe('the embedded PostgreSQL of a data directory', () => {
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('is not stopped when the service process that started it is still running: the start fails instead', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'nobat-owner-'));
    dirs.push(dataDir);
    const postgres = stayAlive();
    const sibling = stayAlive();
    children.push(postgres, sibling);
    mkdirSync(join(dataDir, 'postgres'));
    writeFileSync(join(dataDir, 'postgres', 'postmaster.pid'), `${postgres.pid}\n${join(dataDir, 'postgres')}\n`);
    writeFileSync(join(dataDir, 'postgres.owner'), `${sibling.pid}\n`);

    await expect(startEmbeddedPostgres(dataDir)).rejects.toThrow(`DATA_DIR ${dataDir} is in use by nobat process ${sibling.pid}`);
    expect(isRunning(postgres.pid!)).toBe(true);
  });
});
