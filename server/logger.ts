import { pino, type DestinationStream, type Logger } from 'pino';

/** JSON lines on stdout; tests pass their own stream to read what would be logged. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime }, destination);
}
