import { createServer } from 'node:http';
import { exitAfterShutdownDeadline } from './shutdown-deadline.js';
import { createApp } from './app.js';
import { createServices } from './create-services.js';
import { loadConfigOrExit, runProcess, startProcessMetrics, stopOnSignals } from './process-lifecycle.js';

async function main(): Promise<void> {
  const config = loadConfigOrExit('nobat');
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
    metricsServer?.close();
    await services.close();
    throw error;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`nobat listening on http://${config.host}:${port}`);

  stopOnSignals(logger, 'shutting down', async () => {
    exitAfterShutdownDeadline(config.shutdownGraceSeconds, logger);
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
  });
}

runProcess('nobat', main);
