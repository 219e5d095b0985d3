import { execFile } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Browser } from 'playwright-core';

const run = promisify(execFile);

const ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-gpu',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
  '--headless',
];

/** The project's own copy of Debian's Chromium: fetched once, kept out of git, reused by every later run. */
export const CHROMIUM_CACHE = resolve(dirname(fileURLToPath(import.meta.url)), '../../.cache/chromium');
const MANIFEST = join(CHROMIUM_CACHE, 'current', 'launch.json');
const LOCK = join(CHROMIUM_CACHE, 'fetch.lock');

/** How long a test's `beforeAll` should allow `launchBrowser()`: the first run downloads about 125 MB. */
export const BROWSER_LAUNCH_TIMEOUT = 300_000;

/** Paths relative to .cache/chromium/current, so that the project folder can move. */
interface LaunchManifest {
  executable: string;
  libraryPath: string[];
}

/**
 * Headless Chromium for browser tests. `NOBAT_CHROMIUM=<path>` names a browser to use; otherwise the
 * project's copy under .cache/chromium, fetched on first use from Debian's archive (`apt-get download`
 * of `chromium` and of the libraries this machine lacks, unpacked with `dpkg-deb -x`: no root needed).
 */
export async function launchBrowser(): Promise<Browser> {
  const chosen = process.env.NOBAT_CHROMIUM;
  if (chosen) return chromium.launch({ executablePath: chosen, args: ARGS });
  const manifest = await provideChromium();
  const current = dirname(MANIFEST);
  const libraryPath = [...manifest.libraryPath.map((folder) => join(current, folder)), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':');
  return chromium.launch({
    executablePath: join(current, manifest.executable),
    args: ARGS,
    env: { ...process.env, LD_LIBRARY_PATH: libraryPath },
  });
}

async function provideChromium(): Promise<LaunchManifest> {
  mkdirSync(CHROMIUM_CACHE, { recursive: true });
  for (;;) {
    const ready = readManifest();
    if (ready) return ready;
    if (takeLock()) {
      try {
        return readManifest() ?? (await fetchChromium());
      } finally {
        rmSync(LOCK, { force: true });
      }
    }
    // Another test process is fetching: wait for its manifest.
    await new Promise((done) => setTimeout(done, 500));
  }
}

function readManifest(): LaunchManifest | undefined {
  if (!existsSync(MANIFEST)) return undefined;
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as LaunchManifest;
  return existsSync(join(dirname(MANIFEST), manifest.executable)) ? manifest : undefined;
}

/** One fetch at a time across jest's workers; a lock whose process has died is taken over. */
function takeLock(): boolean {
  try {
    const fd = openSync(LOCK, 'wx');
    writeFileSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(readFileSync(LOCK, 'utf8'));
    if (holder && !isAlive(holder)) rmSync(LOCK, { force: true });
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function fetchChromium(): Promise<LaunchManifest> {
  // Whoever holds the lock is the only fetcher: folders left by a fetch that was killed go.
  for (const name of readdirSync(CHROMIUM_CACHE).filter((name) => name.startsWith('fetching-'))) {
    rmSync(join(CHROMIUM_CACHE, name), { recursive: true, force: true });
  }
  const work = join(CHROMIUM_CACHE, `fetching-${process.pid}`);
  const debs = join(work, 'debs');
  const root = join(work, 'root');
  mkdirSync(debs, { recursive: true });
  mkdirSync(root, { recursive: true });
  try {
    await downloadPackages(debs);
    for (const deb of readdirSync(debs).filter((name) => name.endsWith('.deb'))) {
      await run('dpkg-deb', ['-x', join(debs, deb), root]);
    }
    rmSync(debs, { recursive: true, force: true });
    const current = dirname(MANIFEST);
    const manifest: LaunchManifest = {
      executable: 'root/usr/lib/chromium/chromium',
      libraryPath: libraryFolders(root).map((folder) => join('root', folder)),
    };
    writeFileSync(join(work, 'launch.json'), JSON.stringify(manifest, null, 2));
    rmSync(current, { recursive: true, force: true });
    renameSync(work, current);
    return manifest;
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    throw new Error(`Could not fetch Chromium from Debian's archive into ${CHROMIUM_CACHE} (or set NOBAT_CHROMIUM=<path to a chromium>): ${(error as Error).message}`);
  }
}

/** `chromium` and whatever of its dependencies this machine does not have, as apt would install them. */
async function downloadPackages(into: string): Promise<void> {
  try {
    await run('apt-get', ['download', ...(await missingPackages())], { cwd: into, maxBuffer: 16 << 20 });
  } catch (error) {
    // A fresh machine has no package lists yet (or stale ones): only root can refresh them.
    if (process.getuid?.() !== 0) throw error;
    await run('apt-get', ['update', '-qq'], { maxBuffer: 16 << 20 });
    await run('apt-get', ['download', ...(await missingPackages())], { cwd: into, maxBuffer: 16 << 20 });
  }
}

async function missingPackages(): Promise<string[]> {
  const { stdout } = await run('apt-get', ['--simulate', '--no-install-recommends', 'install', 'chromium'], { maxBuffer: 16 << 20 });
  const names = stdout.split('\n').flatMap((line) => /^Inst (\S+)/.exec(line)?.[1] ?? []);
  // Already installed on this machine: its libraries are there, the browser itself is still fetched.
  return [...new Set(['chromium', 'chromium-common', ...names])];
}

/** Folders (relative to the unpacked root) that hold shared libraries, for LD_LIBRARY_PATH. */
function libraryFolders(root: string, folder = ''): string[] {
  const found: string[] = [];
  let holdsLibrary = false;
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...libraryFolders(root, path));
    else if (/\.so(\.\d+)*$/.test(entry.name) && statSync(join(root, path), { throwIfNoEntry: false })) holdsLibrary = true;
  }
  return holdsLibrary ? [folder, ...found] : found;
}
