import type { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { AppError } from '../app-error.js';
import { isDatabaseUnavailable } from '../db/database-unavailable.js';

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
