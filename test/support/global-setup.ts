// Runs without path mapping: it may import packages and server/db/embedded.ts (which imports packages only).
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../../server/db/embedded.ts';

/**
 * Tests create one database per test server on a PostgreSQL server: the one DATABASE_URL points at,
 * or, when it is unset, an embedded server started here for the whole run. Each is a copy of a template
 * that the first test file to need one migrates (test/support/database.ts); it is named here, per run.
 */
export default async function globalSetup(): Promise<void> {
  process.env.NOBAT_TEST_TEMPLATE = `nobat_template_${randomBytes(6).toString('hex')}`;
  // The run's build of the project (test/support/build.ts), made by the first test file that needs one.
  process.env.NOBAT_TEST_BUILD = join(process.cwd(), '.test-build', `run-${randomBytes(6).toString('hex')}`);
  if (process.env.DATABASE_URL) {
    process.env.NOBAT_TEST_SERVER_URL = process.env.DATABASE_URL;
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'nobat-test-'));
  const embedded = await startEmbeddedPostgres(dataDir);
  (globalThis as { nobatEmbedded?: unknown }).nobatEmbedded = { embedded, dataDir };
  process.env.NOBAT_TEST_SERVER_URL = embedded.adminUrl;
}
