import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { migrationsList } from '../../migrations/index.js';
import { entities } from './entities/index.js';
import { closeUnansweredClients } from './unanswered-clients.js';

/** How long a connection attempt, or a wait for a free pooled connection, may take before the database counts as down. */
export const CONNECT_TIMEOUT_MS = 2000;
/** PostgreSQL cancels a statement that runs longer than this. */
export const STATEMENT_TIMEOUT_MS = 3500;
/**
 * The client gives up on an answer after this, for a database that stopped answering without closing the
 * socket (a dead network path), where the server-side limit above is never heard back.
 */
export const QUERY_TIMEOUT_MS = 4000;

/** How often the pool's clients are checked for a query left without an answer (`closeUnansweredClients`). */
const UNANSWERED_CHECK_MS = 250;

export interface OrmOptions {
  /** Told of the connection pool once it exists (the metrics report its connections). */
  onPool?: (pool: pg.Pool) => void;
}

export function ormConfig(databaseUrl: string, options: OrmOptions = {}) {
  return defineConfig({
    clientUrl: databaseUrl,
    entities,
    extensions: [Migrator],
    // Query logging would print parameters, password hashes among them.
    debug: false,
    // Entities' fields stay plain properties. With propagation on the prototype, the first assignment of each field of
    // each entity loaded defines a getter and a setter on that instance (closures, and a hidden class of its own), which
    // outlive the request in V8's old generation: three fifths of what the procedure of GET /api/me still promoted there
    // (BENCHMARKS.md). What it is for, keeping both sides of a two-way relation in step, this schema does not have.
    propagationOnPrototype: false,
    pool: { min: 0, max: 10 },
    driverOptions: {
      // pg-pool applies this both to connecting and to waiting for a free client of a full pool.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      // Not pg's `query_timeout`: see closeUnansweredClients.
      onPoolCreated: (pool: pg.Pool) => {
        options.onPool?.(pool);
        return closeUnansweredClients(pool, { timeoutMs: QUERY_TIMEOUT_MS, intervalMs: UNANSWERED_CHECK_MS });
      },
    },
    // The database functions (the sign-in throttle's `login_tally`, `login_refused_by` and `login_claim`) and triggers (the
    // rota revision's `rota_bump_*`) are written by hand in migrations: a schema diff must not drop them for not being
    // declared as entity metadata.
    schemaGenerator: { ignoreRoutines: true, ignoreTriggers: true },
    migrations: {
      path: './migrations',
      pathTs: './migrations',
      migrationsList,
      snapshot: false,
      silent: true,
      emit: 'ts',
    },
  });
}

export async function openOrm(databaseUrl: string, options: OrmOptions = {}): Promise<MikroORM> {
  return MikroORM.init(ormConfig(databaseUrl, options));
}

// Two processes starting together on one database must not both apply the same migration.
const MIGRATION_LOCK = 727_001;

export async function migrate(orm: MikroORM, databaseUrl: string): Promise<void> {
  const lock = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await orm.migrator.up();
  } finally {
    await lock.end();
  }
}
