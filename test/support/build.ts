import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const BUILT = '.built';
const FAILED = '.failed';
/** How long a test file waits for the build another one started. */
const WAIT_MS = 300_000;

/**
 * The project compiled once for the whole test run, for tests that run the built service, worker or scripts: the first
 * test file to ask compiles it (tsc, about ten seconds of CPU) into the run's folder inside the project (so packages
 * resolve), the others wait for it. Tests only read and run it; global teardown removes it.
 */
export async function compiledProject(): Promise<{ dir: string }> {
  const dir = process.env.NOBAT_TEST_BUILD;
  if (!dir) throw new Error('NOBAT_TEST_BUILD is not set: run the tests through jest (global setup)');
  let mine = false;
  mkdirSync(dirname(dir), { recursive: true });
  try {
    mkdirSync(dir);
    mine = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (mine) {
    try {
      await promisify(execFile)(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json', '--outDir', dir], { maxBuffer: 16 * 1024 * 1024 });
    } catch (error) {
      const { stdout } = error as { stdout?: string };
      writeFileSync(join(dir, FAILED), `${stdout || String(error)}`);
      throw error;
    }
    writeFileSync(join(dir, BUILT), '');
    return { dir };
  }
  for (let waited = 0; waited < WAIT_MS; waited += 100) {
    if (existsSync(join(dir, BUILT))) return { dir };
    if (existsSync(join(dir, FAILED))) throw new Error(`the project did not compile:\n${readFileSync(join(dir, FAILED), 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the project's build in ${dir} did not end within ${WAIT_MS / 1000} s`);
}
