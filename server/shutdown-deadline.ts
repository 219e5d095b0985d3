import type { Logger } from 'pino';

/** Past the stages' own limits, what closing the ORM and stopping an embedded database may take. */
const MARGIN_SECONDS = 10;

/**
 * Ends the process however its shutdown is going: requests under way get the grace, the job queue's stop gets the
 * grace again, and the rest a margin. Whatever still hangs then (a database path gone silent) is left behind,
 * with exit code 1, so that a supervisor's SIGTERM always ends the process.
 */
export function exitAfterShutdownDeadline(graceSeconds: number, logger: Logger): void {
  const seconds = 2 * graceSeconds + MARGIN_SECONDS;
  setTimeout(() => {
    logger.error({ seconds }, 'shutdown did not finish in time: exiting');
    process.exit(1);
  }, seconds * 1000).unref();
}
