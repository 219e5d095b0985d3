import { rmSync } from 'node:fs';
import pg from 'pg';
import type { EmbeddedDatabase } from '../../server/db/embedded.ts';

async function dropTemplate(): Promise<void> {
  const url = process.env.NOBAT_TEST_SERVER_URL;
  const name = process.env.NOBAT_TEST_TEMPLATE;
  if (!url || !name) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) return;
    await client.query(`alter database ${name} is_template false`);
    await client.query(`drop database ${name} with (force)`);
  } finally {
    await client.end();
  }
}

export default async function globalTeardown(): Promise<void> {
  await dropTemplate();
  if (process.env.NOBAT_TEST_BUILD) rmSync(process.env.NOBAT_TEST_BUILD, { recursive: true, force: true });
  const started = (globalThis as { nobatEmbedded?: { embedded: EmbeddedDatabase; dataDir: string } }).nobatEmbedded;
  if (!started) return;
  await started.embedded.stop();
  rmSync(started.dataDir, { recursive: true, force: true });
}
