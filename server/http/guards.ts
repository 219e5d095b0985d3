import express, { type ErrorRequestHandler, type Request, type RequestHandler } from 'express';
import { AppError } from '../app-error.js';
import { sendError } from './send-error.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const MAX_BODY_BYTES = 100 * 1024;
/** For the few routes that take a whole table at once (procedures with `meta.largeBody`). */
export const MAX_LARGE_BODY_BYTES = 1024 * 1024;

/** Responses about sessions must never be cached by a browser or a proxy. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

/**
 * A state-changing request must declare a JSON body. Browsers cannot send that cross-site without
 * a preflight, so this is also the defence against cross-site request forgery.
 */
export const requireJsonContentType: RequestHandler = (req, res, next) => {
  const mediaType = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (STATE_CHANGING.has(req.method) && mediaType !== 'application/json') {
    return sendError(req, res, new AppError('unsupported_media_type'));
  }
  next();
};

export const parseJsonBody = express.json({ limit: MAX_BODY_BYTES });
const parseLargeJsonBody = express.json({ limit: MAX_LARGE_BODY_BYTES });

/** Parses JSON bodies with the 1 MiB limit for requests `isLarge` recognises, else with the 100 KiB one. */
export function parseJsonBodyWithin(isLarge: (req: Request) => boolean): RequestHandler {
  return (req, res, next) => (isLarge(req) ? parseLargeJsonBody : parseJsonBody)(req, res, next);
}

/** Turns the body parser's failures, and anything else that escaped, into the Error shape. */
export function errorHandler(onInternal: (error: unknown) => void): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const type = (error as { type?: string }).type;
    if (type === 'entity.parse.failed') return sendError(req, res, new AppError('invalid_json'));
    if (type === 'entity.too.large') return sendError(req, res, new AppError('payload_too_large'));
    if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
      return sendError(req, res, new AppError('unsupported_media_type'));
    }
    onInternal(error);
    sendError(req, res, new AppError('internal'));
  };
}

export const notFound: RequestHandler = (req, res) => sendError(req, res, new AppError('not_found'));
