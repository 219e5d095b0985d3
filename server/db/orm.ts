import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { migrationsList } from '../../migrations/index.js';
import { entities } from './entities/index.js';

/** How long a connection attempt may take before the database counts as down. */
export const CONNECT_TIMEOUT_MS = 2000;

export function ormConfig(databaseUrl: string) {
  return defineConfig({
    clientUrl: databaseUrl,
    entities,
    extensions: [Migrator],
    // Query logging would print parameters, password hashes among them.
    debug: false,
    pool: { min: 0, max: 10 },
    driverOptions: { connectionTimeoutMillis: CONNECT_TIMEOUT_MS },
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

export async function openOrm(databaseUrl: string): Promise<MikroORM> {
  return MikroORM.init(ormConfig(databaseUrl));
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
