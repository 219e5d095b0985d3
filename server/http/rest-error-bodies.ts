import type { RequestHandler } from 'express';

interface FormattedShape {
  data?: { code?: string; error?: string; issues?: unknown; httpStatus?: unknown; path?: unknown; stack?: unknown; [detail: string]: unknown };
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
 * documented `{ error, code, issues? }`, in this one place.
 */
export const restErrorBodies: RequestHandler = (_req, res, next) => {
  const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (res.statusCode >= 400 && typeof chunk === 'string') {
      const { data } = parseShape(chunk);
      if (data?.code) {
        // What the error formatter added besides tRPC's own fields are the body's extra properties (`violations`).
        const { error, code, issues, httpStatus: _status, path: _path, stack: _stack, ...details } = data;
        chunk = JSON.stringify({ error, code, ...(issues ? { issues } : {}), ...details });
      }
    }
    return end(chunk, ...rest);
  }) as typeof res.end;
  next();
};
