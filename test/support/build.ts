import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Compiles the project into a directory of its own inside the project (so packages resolve), for
 * tests that run the built service or scripts; test files running in parallel never share one.
 */
export function buildIntoTemporaryDirectory(): { dir: string; remove(): void } {
  const root = join(process.cwd(), '.test-build');
  execFileSync('mkdir', ['-p', root]);
  const dir = mkdtempSync(join(root, 'build-'));
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json', '--outDir', dir], { stdio: 'inherit' });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
