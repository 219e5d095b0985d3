import { rmSync } from 'node:fs';
import type { EmbeddedDatabase } from '../../server/db/embedded.ts';

export default async function globalTeardown(): Promise<void> {
  const started = (globalThis as { nobatEmbedded?: { embedded: EmbeddedDatabase; dataDir: string } }).nobatEmbedded;
  if (!started) return;
  await started.embedded.stop();
  rmSync(started.dataDir, { recursive: true, force: true });
}
