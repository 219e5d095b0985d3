import { ConnectionException } from '@mikro-orm/core';

// PostgreSQL and socket errors that mean "the database is not there", not "the query was wrong";
// 57014 is a statement cancelled by statement_timeout.
const UNAVAILABLE_CODES = new Set([
  '57014', '57P01', '57P02', '57P03', '3D000', '08000', '08001', '08003', '08004', '08006', '53300',
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH',
]);

/** The error, or one of its causes, says the database did not answer, not that the statement was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 8; cause = cause.cause, depth++) {
    if (cause instanceof ConnectionException) return true;
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (/Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable/i.test(cause.message)) return true;
  }
  return false;
}
