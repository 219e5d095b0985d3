import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createApp } from '../../server/app.js';
import type { Clock } from '../../server/clock.js';
import { loadConfig, type Config } from '../../server/config.js';
import { createServices, type AppServices } from '../../server/create-services.js';
import { createLogger } from '../../server/logger.js';
import type { PasswordHasher } from '../../server/services/accounts/passwords.js';
import { forgetKeptSchedules } from '../../server/services/rota/schedules/scored-schedules.js';
import type { SolverRunner } from '../../server/services/rota/solve/run-solve-job.js';
import { TestClient } from './client.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { fastHasher } from './fast-hasher.js';

/** A clock that stands still until a test moves it. */
export class TestClock implements Clock {
  constructor(private current = new Date('2026-11-22T08:00:00.000Z')) {}
  now(): Date {
    return new Date(this.current);
  }
  set(date: Date | string): void {
    this.current = new Date(date);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestServer {
  url: string;
  orm: MikroORM;
  database: TestDatabase;
  config: Config;
  clock: TestClock;
  services: AppServices;
  /** Every log line the app wrote, as JSON text. */
  logs: string[];
  /** A fresh EntityManager, for looking at the database as it is. */
  em(): EntityManager;
  client(): TestClient;
  /** Empties every table, and forgets what the process remembered of them, for tests that need a new installation. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Settings as environment variables, on top of test defaults. */
  env?: Record<string, string>;
  /**
   * The password hasher; default a fast salted SHA-256 (test/support/fast-hasher.ts). Pass
   * `createPasswordHasher()` where argon2's parameters or its timing are what a test is about.
   */
  hasher?: PasswordHasher;
  /** Use this database (already migrated or not) instead of a new one. */
  database?: TestDatabase;
  /** Another test server's ORM/database is shared; do not drop it on close. */
  keepDatabase?: boolean;
  /**
   * Start the job queue (with a worker unless the env says WORKER=false), solving with this runner (the
   * compiled solver: jest cannot start the worker thread from the sources; any runner will do where no solve
   * runs). Without it, sending a job fails.
   */
  jobs?: { runSolver?: SolverRunner };
  /** Listen on this port rather than any free one (a browser test needs the origin before start-up). */
  port?: number;
  /** Pages served beside the service on its own origin (path → HTML), for tests in a real browser. */
  pages?: Record<string, string>;
}

/** Every table of the entities, from the ORM's metadata: a table added to an entity is emptied too. */
function entityTables(orm: MikroORM): string[] {
  return [...orm.getMetadata().getAll().values()].filter((meta) => !meta.embeddable && !meta.virtual && meta.tableName).map((meta) => meta.tableName);
}

/**
 * What `truncate … restart identity` of every entity table does, as DELETEs: each table emptied after those that
 * reference it, then each sequence of theirs set back to 1. On tables this small a DELETE takes a millisecond, where a
 * TRUNCATE replaces every table's and index's files (about half a second for the lot, and more on a busy machine,
 * before each test of a fresh installation). The deletes run twice: triggers fired by the first pass write rows
 * (rota_revision) that the second removes.
 */
async function emptyingStatement(orm: MikroORM): Promise<string> {
  const tables = entityTables(orm);
  const em = orm.em.fork();
  const references = await em.execute<{ child: string; parent: string }[]>(
    `select child.relname as child, parent.relname as parent
       from pg_constraint k join pg_class child on child.oid = k.conrelid join pg_class parent on parent.oid = k.confrelid
      where k.contype = 'f' and k.conrelid <> k.confrelid and child.relname in (?) and parent.relname in (?)`,
    [tables, tables],
  );
  const sequences = await em.execute<{ name: string }[]>(
    `select s.relname as name from pg_depend d join pg_class s on s.oid = d.objid and s.relkind = 'S' join pg_class t on t.oid = d.refobjid
      where d.deptype in ('a', 'i') and t.relname in (?)`,
    [tables],
  );
  const order: string[] = [];
  const left = new Set(tables);
  while (left.size > 0) {
    const unreferenced = [...left].filter((table) => !references.some((reference) => reference.parent === table && left.has(reference.child)));
    if (unreferenced.length === 0) throw new Error(`entity tables that reference each other in a cycle: ${[...left].join(', ')}`);
    for (const table of unreferenced) {
      order.push(table);
      left.delete(table);
    }
  }
  const deletes = order.map((table) => `delete from "${table}";`).join(' ');
  const restarts = sequences.map(({ name }) => `setval('"${name}"', 1, false)`).join(', ');
  return `begin; ${deletes} ${deletes} ${restarts ? `select ${restarts};` : ''} commit;`;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase());
  const dataDir = mkdtempSync(join(tmpdir(), 'nobat-data-'));
  const config = loadConfig({
    LOG_LEVEL: 'info',
    SESSION_SECRET: 'test-secret-that-is-at-least-32-characters',
    ...options.env,
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
  });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const clock = new TestClock();
  const services = await createServices(config, {
    clock,
    hasher: options.hasher ?? fastHasher(),
    logger: createLogger(config.logLevel, sink),
    // No queue unless asked for: starting one costs each test file a pool and the queue's polling.
    jobs: options.jobs ? { runSolver: options.jobs.runSolver } : false,
  });
  const { orm } = services;
  const app = createApp(services);
  const pages = options.pages ?? {};
  const server: Server = await new Promise((resolve) => {
    const listening = createServer((req, res) => {
      const page = req.method === 'GET' ? pages[req.url ?? ''] : undefined;
      if (page === undefined) return app(req, res);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    }).listen(options.port ?? 0, '127.0.0.1', () => resolve(listening));
  });
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  let emptying: Promise<string> | undefined;
  return {
    url,
    orm,
    database,
    config,
    clock,
    services,
    logs,
    em: () => orm.em.fork(),
    client: () => new TestClient(url),
    async reset() {
      emptying ??= emptyingStatement(orm);
      await orm.em.fork().execute(await emptying);
      services.refusals.forget();
      services.accountWork.forgetAllowances();
      // Kept scores are keyed by ids and versions, which start again in the emptied database.
      forgetKeptSchedules(orm.em);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await services.close();
      if (!options.keepDatabase) await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
