// Child processes of the benchmark: the service and the yardstick servers, each in its own process,
// with its output in a file (so the benchmark's own process does not spend time reading log lines).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';

const POLL_MS = 5;

export interface Child {
  name: string;
  process: ChildProcess;
  pid: number;
  logFile: string;
  /** Base URL parsed from the process's "listening on http://…" line. */
  url: string;
  /** Milliseconds from spawn to the printed listening line. */
  listeningAfterMs: number;
  /** Milliseconds from spawn (performance.now()) origin, for callers that time further steps. */
  spawnedAt: number;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every child still running, so a failure anywhere can stop them all before the benchmark exits. */
const running = new Set<Child>();

export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((child) => child.stop()));
}

export interface SpawnOptions {
  name: string;
  args: string[];
  env: Record<string, string | undefined>;
  logFile: string;
  /** The line announcing the address, e.g. /nobat listening on (http:\/\/\S+)/. */
  listening: RegExp;
  timeoutMs: number;
  /** Run this instead of `node` (e.g. `npm`), in a process group of its own that `stop()` signals whole: npm forwards no signal to its script. */
  command?: string;
}

/** Starts `node <args>` and waits for it to print its address. */
export async function spawnServer(options: SpawnOptions): Promise<Child> {
  const out = openSync(options.logFile, 'w');
  const spawnedAt = performance.now();
  const group = options.command !== undefined;
  const child = spawn(options.command ?? process.execPath, options.args, { env: options.env as NodeJS.ProcessEnv, stdio: ['ignore', out, out], detached: group });
  closeSync(out);
  let exited = false;
  let exitCode: number | null = null;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exited = true;
      exitCode = code;
      resolve();
    }),
  );
  const stop = async () => {
    running.delete(handle);
    if (exited) return;
    const signal = (name: NodeJS.Signals) => (group ? process.kill(-child.pid!, name) : child.kill(name));
    signal('SIGTERM');
    const stopped = await Promise.race([exit.then(() => true), sleep(15_000).then(() => false)]);
    if (!stopped) {
      signal('SIGKILL');
      await exit;
    }
  };
  const handle: Child = {
    name: options.name,
    process: child,
    pid: child.pid!,
    logFile: options.logFile,
    url: '',
    listeningAfterMs: 0,
    spawnedAt,
    stop,
  };
  running.add(handle);
  for (;;) {
    const match = options.listening.exec(readFileSync(options.logFile, 'utf8'));
    if (match) {
      handle.url = match[1]!;
      handle.listeningAfterMs = performance.now() - spawnedAt;
      return handle;
    }
    if (exited || performance.now() - spawnedAt > options.timeoutMs) {
      await stop();
      const tail = readFileSync(options.logFile, 'utf8').split('\n').slice(-20).join('\n');
      throw new Error(`${options.name} did not start (exit code ${exitCode}); its output ends with:\n${tail}`);
    }
    await sleep(POLL_MS);
  }
}

/** One GET on loopback; resolves with the status (0 when the connection fails). */
export function getStatus(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'GET', agent: false, timeout: 2000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end();
  });
}

/** Polls `url` until it answers 200; answers the milliseconds since `origin` (a performance.now() value). */
export async function waitForHealthy(url: string, origin: number, timeoutMs: number): Promise<number> {
  for (;;) {
    if ((await getStatus(url)) === 200) return performance.now() - origin;
    if (performance.now() - origin > timeoutMs) throw new Error(`${url} was not healthy within ${timeoutMs} ms`);
    await sleep(POLL_MS);
  }
}

/** Resident memory of a process in bytes (VmRSS), or null once it is gone. */
export function residentBytes(pid: number): number | null {
  const file = `/proc/${pid}/status`;
  if (!existsSync(file)) return null;
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(file, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Samples a process's resident memory every `intervalMs` until stopped; answers the largest sample. */
export function sampleResidentPeak(pid: number, intervalMs = 50): { stop(): number } {
  let peak = residentBytes(pid) ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, residentBytes(pid) ?? 0);
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, residentBytes(pid) ?? 0);
    },
  };
}

/** The highest resident memory of process `pid`, from now on, over every run measured with `during`. */
export function residentPeak(pid: number): { readonly peak: number; during<T>(run: () => Promise<T>): Promise<T> } {
  let peak = residentBytes(pid) ?? 0;
  return {
    get peak() {
      return peak;
    },
    async during<T>(run: () => Promise<T>): Promise<T> {
      const sampler = sampleResidentPeak(pid);
      try {
        return await run();
      } finally {
        peak = Math.max(peak, sampler.stop());
      }
    },
  };
}

/**
 * A service killed with SIGKILL leaves its embedded PostgreSQL running: stop that one (by the PID in its
 * postmaster.pid, so nothing else is touched) before its files are removed.
 */
export async function stopLeftoverPostgres(databaseDir: string): Promise<void> {
  const pidFile = `${databaseDir}/postmaster.pid`;
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!Number.isInteger(pid) || pid <= 0 || !alive()) return;
  process.kill(pid, 'SIGINT');
  for (let waited = 0; alive() && waited < 15_000; waited += 50) await sleep(50);
}

/**
 * Starts the built service (`dist/server/main.js`) as the single-service benchmarks measure it: production mode, a
 * free port on loopback, its data under `dir`, on `databaseUrl`.
 */
export function spawnBuiltService(root: string, dir: string, databaseUrl: string): Promise<Child> {
  return spawnServer({
    name: 'nobat',
    args: [join(root, 'dist/server/main.js')],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'data'),
      SESSION_SECRET: randomBytes(36).toString('base64url'),
      DATABASE_URL: databaseUrl,
    },
    logFile: join(dir, 'nobat.log'),
    listening: /nobat listening on (http:\/\/\S+)/,
    timeoutMs: 60_000,
  });
}

/** The sample at percentile `p` (0–100) of sorted samples. */
export function percentileOf(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Latency samples in milliseconds: their median, and one line of median, p95 and max. */
export function latencyFigures(samples: number[]): { median: number; text: string } {
  const sorted = [...samples].sort((a, b) => a - b);
  const median = percentileOf(sorted, 50);
  return { median, text: `median ${median.toFixed(1)} ms · p95 ${percentileOf(sorted, 95).toFixed(1)} ms · max ${sorted[sorted.length - 1]!.toFixed(1)} ms` };
}
