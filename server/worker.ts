import { ConfigError } from './config.js';
import { createServices } from './create-services.js';
import { closeProcess, loadConfigOrExit, runProcess, startProcessMetrics, stopOnSignals } from './process-lifecycle.js';

/**
 * `npm run worker`: a process that runs jobs and serves nothing, on the database of DATABASE_URL (the one
 * the service uses), so a hospital that needs more solving power starts more of these on other machines.
 * Its parts are those of the service (`createServices`); it always runs the job handlers, whatever WORKER says.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit('nobat worker', (loaded) => {
    if (!loaded.databaseUrl) throw new ConfigError('DATABASE_URL', "must name the service's database for a worker process");
  });
  const services = await createServices(config, { jobs: { work: true } });
  const metricsServer = await startProcessMetrics('nobat worker', services, config);
  console.log('nobat worker running');
  // The job queue hands a running job back as it closes.
  stopOnSignals(services.logger, 'worker shutting down', config.shutdownGraceSeconds, () => closeProcess(services, metricsServer));
}

runProcess('nobat worker', main);
