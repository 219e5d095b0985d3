import { DriverException } from '@mikro-orm/core';

/**
 * Path of a request as it may be logged: invitation and calendar-feed tokens never reach a log line, neither
 * from a REST path nor from a tRPC query's `input` (where `invites.read` and `calendarFeed.read` carry theirs).
 */
export function loggableUrl(url: string): string {
  // Case-insensitively, as the router matches paths: `/API/INVITE/<token>` is served too.
  return url
    .replace(/\/invite\/[^/?#]+/gi, '/invite/[redacted]')
    .replace(/\/calendar-feed\/[^/?#]+/gi, '/calendar-feed/[redacted]')
    .replace(/^(\/trpc\/[^?#]*)[?#].*$/is, '$1?[redacted]');
}

/**
 * An error as it may be logged. Database errors carry the failed SQL with its parameters,
 * password hashes among them, so only their name and code are kept.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const stack = error.stack?.split('\n').slice(1).join('\n');
  if (error instanceof DriverException) return { type: error.name, code: error.code, sqlState: error.sqlState, stack };
  return { type: error.name, message: error.message, stack, ...(error.cause ? { cause: loggableError(error.cause) } : {}) };
}
