// Generates a migration from the difference between the entities and a database with every
// committed migration applied. Uses DATABASE_URL, or a throwaway embedded PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../server/db/embedded.js';
import { migrate, openOrm } from '../server/db/orm.js';

const name = process.argv[2];
const dataDir = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'nobat-migration-'));
const embedded = dataDir ? await startEmbeddedPostgres(dataDir) : undefined;
const url = process.env.DATABASE_URL ?? embedded!.url;
const orm = await openOrm(url);
try {
  await migrate(orm, url);
  const result = await orm.migrator.create(undefined, false, false, name);
  console.log(result.fileName ? `created migrations/${result.fileName}: add it to migrations/index.ts` : 'no changes');
} finally {
  await orm.close();
  await embedded?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
