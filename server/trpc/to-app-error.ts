import { ConnectionException } from '@mikro-orm/core';
import type { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { AppError } from '../app-error.js';

// PostgreSQL and socket errors that mean "the database is not there", not "the query was wrong";
// 57014 is a statement cancelled by statement_timeout.
const UNAVAILABLE_CODES = new Set([
  '57014', '57P01', '57P02', '57P03', '3D000', '08000', '08001', '08003', '08004', '08006', '53300',
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH',
]);

function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 8; cause = cause.cause, depth++) {
    if (cause instanceof ConnectionException) return true;
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (/Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable/i.test(cause.message)) return true;
  }
  return false;
}

/** Every failure, whatever its origin, as one AppError. The only mapping from tRPC's errors to ours. */
export function toAppError(error: TRPCError): AppError {
  const { cause } = error;
  if (cause instanceof AppError) return cause;
  if (error.code === 'BAD_REQUEST' && cause instanceof ZodError) {
    return new AppError('invalid_input', {
      issues: cause.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
    });
  }
  switch (error.code) {
    case 'PARSE_ERROR':
      return new AppError('invalid_json');
    case 'PAYLOAD_TOO_LARGE':
      return new AppError('payload_too_large');
    case 'UNSUPPORTED_MEDIA_TYPE':
      return new AppError('unsupported_media_type');
    case 'NOT_FOUND':
    case 'METHOD_NOT_SUPPORTED':
      return new AppError('not_found');
    case 'BAD_REQUEST':
      return new AppError('invalid_input');
  }
  if (isDatabaseUnavailable(cause)) return new AppError('service_unavailable', { cause });
  return new AppError('internal', { cause });
}
