import { systemClock } from './clock.js';
import { ConfigError, loadConfig } from './config.js';
import { migrate, openOrm } from './db/orm.js';
import { startJobs } from './jobs/start-jobs.js';
import { createLogger } from './logger.js';

/**
 * `npm run worker`: a process that runs jobs and serves nothing, on the database of DATABASE_URL (the one
 * the service uses), so a hospital that needs more solving power starts more of these on other machines.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
    if (!config.databaseUrl) throw new ConfigError('DATABASE_URL', 'must name the service\'s database for a worker process');
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`nobat worker: invalid setting ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const orm = await openOrm(config.databaseUrl);
  await migrate(orm, config.databaseUrl);
  const jobs = await startJobs({ orm, databaseUrl: config.databaseUrl, config, clock: systemClock, logger, work: true });
  console.log('nobat worker running');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker shutting down');
    await jobs.stop();
    await orm.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`nobat worker: failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
