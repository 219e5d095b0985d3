import type { Request } from 'express';
import type { Language } from '../../shared/errors.js';

/** Persian unless the request prefers English. */
export function languageOf(req: Request): Language {
  return req.acceptsLanguages('fa', 'en') === 'en' ? 'en' : 'fa';
}
