import { createServer } from 'node:http';
import { createApp } from './app.js';
import type { Config } from './config.js';
import { createServices, type RunningServices } from './create-services.js';
import { closeProcess, startProcessMetrics, stopOnSignals } from './process-lifecycle.js';

export interface Serving {
  /** The address it listens at, from the listening socket (PORT=0 picks a free port). */
  url: string;
  services: RunningServices;
  /** Stops as SIGINT or SIGTERM would: requests under way get SHUTDOWN_GRACE_SECONDS, then everything closes. */
  stop(): Promise<void>;
}

/**
 * The service process from its settings: the services, the metrics port when set, the API listening (the
 * `nobat listening on …` line), and a clean stop on SIGINT or SIGTERM. `npm start` and `npm run demo` run it.
 */
export async function serve(config: Config): Promise<Serving> {
  const services = await createServices(config);
  const { logger } = services;

  const metricsServer = await startProcessMetrics('nobat', services, config);

  const app = createApp(services);
  // Not `app.listen`: Express 5 hands a listen error (a busy port) to the callback it would call on success.
  const server = createServer(app);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await closeProcess(services, metricsServer);
    throw error;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host}:${port}`;
  console.log(`nobat listening on ${url}`);

  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Idle keep-alive connections go at once; requests under way get SHUTDOWN_GRACE_SECONDS to finish.
      server.closeIdleConnections();
      const force = setTimeout(() => {
        logger.warn({ graceSeconds: config.shutdownGraceSeconds }, 'closing connections of requests still under way');
        server.closeAllConnections();
      }, config.shutdownGraceSeconds * 1000);
      await closed;
      clearTimeout(force);
      await closeProcess(services, metricsServer);
    })();
    return stopped;
  };
  stopOnSignals(logger, 'shutting down', config.shutdownGraceSeconds, stop);
  return { url, services, stop };
}
