import type { RequestHandler } from 'express';
import { errorBody, ERRORS, type ErrorCode, type ErrorIssue } from '../../shared/errors.js';
import { languageOf } from './language.js';

interface FormattedShape {
  data?: { code?: string; issues?: ErrorIssue[]; httpStatus?: unknown; path?: unknown; stack?: unknown; error?: unknown; [detail: string]: unknown };
}

function parseShape(chunk: string): FormattedShape {
  try {
    return JSON.parse(chunk) as FormattedShape;
  } catch {
    return {};
  }
}

/**
 * The REST adapter renders errors as `{ message, code, issues, data }` with tRPC's own codes.
 * Our error formatter already put the real answer in `data`; this rewrites the body to the
 * documented `{ error, code, issues? }`, in this one place. The message is chosen here from the request,
 * since the formatter has no context (and so no language) when no procedure matched the path.
 */
export const restErrorBodies: RequestHandler = (req, res, next) => {
  const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (res.statusCode >= 400 && typeof chunk === 'string') {
      const { data } = parseShape(chunk);
      if (data?.code && Object.hasOwn(ERRORS, data.code)) {
        // What the error formatter added besides tRPC's own fields are the body's extra properties (`violations`).
        const { code, issues, error: _error, httpStatus: _status, path: _path, stack: _stack, ...details } = data;
        chunk = JSON.stringify({ ...errorBody(code as ErrorCode, languageOf(req), issues as ErrorIssue[] | undefined), ...details });
      }
    }
    return end(chunk, ...rest);
  }) as typeof res.end;
  next();
};
