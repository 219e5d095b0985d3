import type { RequestHandler } from 'express';
import { errorBody, ERRORS, type ErrorCode, type ErrorIssue } from '../../shared/errors.js';
import { languageOf } from './language.js';

interface FormattedShape {
  data?: { code?: string; issues?: ErrorIssue[] };
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
        chunk = JSON.stringify(errorBody(data.code as ErrorCode, languageOf(req), data.issues));
      }
    }
    return end(chunk, ...rest);
  }) as typeof res.end;
  next();
};
