import type { Server } from 'node:http';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createServices } from './create-services.js';

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

  const app = createApp(services);
  const server: Server = await new Promise((resolve, reject) => {
    const listening = app.listen(config.port, config.host, () => resolve(listening));
    listening.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`nobat listening on http://${config.host}:${port}`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await services.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`nobat: failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
