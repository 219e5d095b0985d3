// npm run build (and every script that runs the built code: start, worker, admin, …): compiles the project into
// dist/ with TypeScript's incremental build, so a changed file costs its own rebuild and those that depend on it,
// and does not run the compiler at all when no source, setting or installed package changed since the last build
// that succeeded. Plain JavaScript, as it runs before anything is compiled. `--force` rebuilds everything.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
// Written after a build that succeeded, with the time that build started: a file saved during it counts as changed.
const stamp = join(dist, '.build-stamp');
const buildInfo = join(dist, '.tsbuildinfo');
const SOURCE_FOLDERS = ['server', 'shared', 'scripts', 'migrations'];
// npm rewrites node_modules/.package-lock.json whenever it changes the installed packages (their types included).
const SETTINGS = ['tsconfig.json', 'tsconfig.build.json', 'package.json', 'node_modules/.package-lock.json'];

/** The latest change under a folder: files' and folders' own times, so a deleted or renamed file counts too. */
function latestChange(path) {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats) return 0;
  let latest = stats.mtimeMs;
  if (stats.isDirectory()) {
    for (const entry of readdirSync(path)) latest = Math.max(latest, latestChange(join(path, entry)));
  }
  return latest;
}

function upToDate() {
  const built = statSync(stamp, { throwIfNoEntry: false });
  if (!built || !existsSync(join(dist, 'server/main.js'))) return false;
  const latest = Math.max(...[...SOURCE_FOLDERS, ...SETTINGS].map((path) => latestChange(join(root, path))));
  return latest < built.mtimeMs;
}

const force = process.argv.includes('--force');
if (!force && upToDate()) process.exit(0);

const startedAt = new Date();
rmSync(stamp, { force: true });
if (force) rmSync(buildInfo, { force: true });
const tsc = spawnSync(
  process.execPath,
  [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json'), '--incremental', '--tsBuildInfoFile', buildInfo],
  { stdio: 'inherit' },
);
if (tsc.status !== 0) process.exit(tsc.status ?? 1);
writeFileSync(stamp, `${startedAt.toISOString()}\n`);
utimesSync(stamp, startedAt, startedAt);
