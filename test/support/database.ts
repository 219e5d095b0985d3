import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate, openOrm } from '../../server/db/orm.js';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

function serverUrl(): string {
  const url = process.env.NOBAT_TEST_SERVER_URL;
  if (!url) throw new Error('NOBAT_TEST_SERVER_URL is not set: run the tests through jest (global setup)');
  return url;
}

function databaseUrl(name: string): string {
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function adminQuery(sql: string): Promise<void> {
  await withAdminClient((client) => client.query(sql));
}

let template: Promise<string> | undefined;

/**
 * The run's template database (named by global setup), migrated once by whichever test file asks first;
 * every other database of the run is a copy of it, which costs a file copy instead of the migrations.
 */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const name = process.env.NOBAT_TEST_TEMPLATE;
    if (!name) throw new Error('NOBAT_TEST_TEMPLATE is not set: run the tests through jest (global setup)');
    await withAdminClient(async (client) => {
      // Test files start in parallel: one migrates, the others wait for it.
      await client.query('select pg_advisory_lock(hashtext($1))', [name]);
      const { rowCount } = await client.query('select 1 from pg_database where datname = $1 and datistemplate', [name]);
      if (rowCount) return;
      await client.query(`drop database if exists ${name}`);
      await client.query(`create database ${name}`);
      const orm = await openOrm(databaseUrl(name));
      try {
        await migrate(orm, databaseUrl(name));
      } finally {
        await orm.close();
      }
      await client.query(`alter database ${name} is_template true`);
    });
    return name;
  })();
  return template;
}

export interface TestDatabaseOptions {
  /** No tables at all, for tests of the migrations themselves; otherwise the schema is in place. */
  empty?: boolean;
}

/** A new database on the test server, migrated unless `empty`; `drop()` removes it even while connections are open. */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const name = `nobat_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(options.empty ? `create database ${name}` : `create database ${name} template ${await migratedTemplate()}`);
  // A commit answers without waiting for its WAL to reach the disk: what a test looks at is the same, and a crash of the
  // test server, after which the data would be lost, ends the run anyway.
  await adminQuery(`alter database ${name} set synchronous_commit = off`);
  return {
    url: databaseUrl(name),
    name,
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}
