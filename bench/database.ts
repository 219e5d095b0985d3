// A fresh database for one benchmark run: on the server of DATABASE_URL when it is set, else on an
// embedded PostgreSQL that the benchmark starts itself (so the service sees it as an external database).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startEmbeddedPostgres } from '../server/db/embedded.ts';

export interface BenchDatabase {
  url: string;
  /** How it was reached, for the report. */
  description: string;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function onServer(adminUrl: string): Promise<{ url: string; drop(): Promise<void>; version: string }> {
  const name = `nobat_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await admin.connect();
  let version: string;
  try {
    version = (await admin.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(adminUrl, name),
    version,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

export async function openBenchDatabase(databaseUrl: string | undefined, embeddedDir: string): Promise<BenchDatabase> {
  if (databaseUrl) {
    const db = await onServer(databaseUrl);
    return { url: db.url, description: `PostgreSQL ${db.version} at DATABASE_URL`, drop: db.drop };
  }
  const embedded = await startEmbeddedPostgres(embeddedDir);
  try {
    const db = await onServer(embedded.adminUrl);
    return {
      url: db.url,
      description: `embedded PostgreSQL ${db.version}, started by the benchmark`,
      async drop() {
        try {
          await db.drop();
        } finally {
          await embedded.stop();
        }
      },
    };
  } catch (error) {
    await embedded.stop();
    throw error;
  }
}
