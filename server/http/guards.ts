import express, { type ErrorRequestHandler, type Request, type RequestHandler } from 'express';
import { isIP } from 'node:net';
import { AppError } from '../app-error.js';
import { STATE_CHANGING_METHODS } from './methods.js';
import { sendError } from './send-error.js';

export const MAX_BODY_BYTES = 100 * 1024;
/** For the few routes that take a whole table at once (procedures with `meta.largeBody`). */
export const MAX_LARGE_BODY_BYTES = 1024 * 1024;

/**
 * HEAD is served as GET: the tRPC and REST adapters know only GET, and would otherwise answer 204 to any
 * HEAD. Node remembers the request was a HEAD and sends no body, so the answer is GET's status and headers.
 */
export const headAsGet: RequestHandler = (req, _res, next) => {
  if (req.method === 'HEAD') req.method = 'GET';
  next();
};

/**
 * With one trusted proxy hop the client address is the last `X-Forwarded-For` entry. When that entry is
 * not an IP address (a misconfigured proxy, or no proxy at all) the header is dropped, so the address is
 * the connection's own: no text of a client's choosing becomes a session's or a sign-in limit's address.
 */
export const forwardedForAddressesOnly: RequestHandler = (req, _res, next) => {
  const forwarded = req.headers['x-forwarded-for'];
  if (forwarded !== undefined && !isIP(String(forwarded).split(',').at(-1)!.trim())) delete req.headers['x-forwarded-for'];
  next();
};

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** TRACE, CONNECT and WebDAV's methods are no part of this API: 405 before an adapter meets them. */
export const refuseUnknownMethods: RequestHandler = (req, res, next) => {
  if (!METHODS.has(req.method)) return sendError(req, res, new AppError('method_not_allowed', { headers: { Allow: 'GET, HEAD, POST, DELETE' } }));
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
  if (STATE_CHANGING_METHODS.has(req.method) && mediaType !== 'application/json') {
    return sendError(req, res, new AppError('unsupported_media_type'));
  }
  next();
};

/** Deeper than any request of this API; a bound before any recursive walk (tRPC's, zod's) sees the input. */
export const MAX_JSON_DEPTH = 32;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Whether JSON text (UTF-8 bytes or a string) nests arrays and objects more than `MAX_JSON_DEPTH` deep. */
export function nestsTooDeep(text: Buffer | string): boolean {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (OPENERS.has(byte) && ++depth > MAX_JSON_DEPTH) return true;
    else if (CLOSERS.has(byte)) depth--;
  }
  return false;
}

class TooDeepError extends Error {
  readonly type = 'entity.too.deep';
}

function tooDeep(): AppError {
  return new AppError('invalid_input', { issues: [{ path: '', message: `Must not nest more than ${MAX_JSON_DEPTH} levels deep.` }] });
}

export const parseJsonBody = express.json({
  limit: MAX_BODY_BYTES,
  verify: (_req, _res, body) => {
    if (nestsTooDeep(body)) throw new TooDeepError();
  },
});

/**
 * Every REST body is an object: the REST adapter spreads a body into the input, so `[]` would be read as `{}`
 * (and a `POST …/solve` with `[]` would start a solve with the defaults).
 */
export const refuseNonObjectBody: RequestHandler = (req, res, next) => {
  const body: unknown = req.body;
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
    return sendError(req, res, new AppError('invalid_input', { issues: [{ path: '', message: 'Must be a JSON object.' }] }));
  }
  next();
};

/** tRPC reads a query's `input` as JSON: held to the same depth as a body. */
export const refuseDeepQueryInput: RequestHandler = (req, res, next) => {
  const { input } = req.query;
  if (typeof input === 'string' && nestsTooDeep(input)) return sendError(req, res, tooDeep());
  next();
};

// Brotli is left out: nothing of ours sends it, and a body that grows 1000-fold is not worth reading.
const CONTENT_ENCODINGS = new Set(['identity', 'gzip', 'deflate']);

/** 415 for a body in an encoding the service does not read, before any of it is read. */
export const refuseUnknownContentEncoding: RequestHandler = (req, res, next) => {
  const encoding = req.headers['content-encoding']?.trim().toLowerCase() ?? 'identity';
  if (!CONTENT_ENCODINGS.has(encoding)) return sendError(req, res, new AppError('unsupported_media_type'));
  next();
};

const parseLargeJsonBody = express.json({
  limit: MAX_LARGE_BODY_BYTES,
  verify: (_req, _res, body) => {
    if (nestsTooDeep(body)) throw new TooDeepError();
  },
});

/** Parses JSON bodies with the 1 MiB limit for requests `isLarge` recognises, else with the 100 KiB one. */
export function parseJsonBodyWithin(isLarge: (req: Request) => boolean): RequestHandler {
  return (req, res, next) => (isLarge(req) ? parseLargeJsonBody : parseJsonBody)(req, res, next);
}

/** Turns the body parser's failures, and anything else that escaped, into the Error shape. */
export function errorHandler(onInternal: (error: unknown) => void): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const { type, status } = error as { type?: string; status?: number };
    if (type === 'entity.too.deep') return sendError(req, res, tooDeep());
    if (type === 'entity.too.large') return sendError(req, res, new AppError('payload_too_large'));
    if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
      return sendError(req, res, new AppError('unsupported_media_type'));
    }
    // The body reader's other refusals (malformed JSON, a broken gzip stream, a client that hung up
    // mid-body) are the client's doing: answered 400, never logged as a failure of ours.
    if (status !== undefined && status >= 400 && status < 500) return sendError(req, res, new AppError('invalid_json'));
    onInternal(error);
    sendError(req, res, new AppError('internal'));
  };
}

export const notFound: RequestHandler = (req, res) => sendError(req, res, new AppError('not_found'));
