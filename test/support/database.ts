import { randomBytes } from 'node:crypto';
import pg from 'pg';

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

export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the test server; `drop()` removes it even while connections are open. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `nobat_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}
