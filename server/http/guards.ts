import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { AppError } from '../app-error.js';
import { sendError } from './send-error.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const MAX_BODY_BYTES = 100 * 1024;

/**
 * HEAD is served as GET: the tRPC and REST adapters know only GET, and would otherwise answer 204 to any
 * HEAD. Node remembers the request was a HEAD and sends no body, so the answer is GET's status and headers.
 */
export const headAsGet: RequestHandler = (req, _res, next) => {
  if (req.method === 'HEAD') req.method = 'GET';
  next();
};

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
