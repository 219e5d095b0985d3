import type { Request, Response } from 'express';
import { errorBody } from '../../shared/errors.js';
import type { AppError } from '../app-error.js';
import { languageOf } from './language.js';

/** Answers with the Error shape, for failures caught before a procedure runs. */
export function sendError(req: Request, res: Response, error: AppError): void {
  res.status(error.status).set(error.headers ?? {}).json(errorBody(error.code, languageOf(req), error.issues));
}
