import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../errors.js';

/** The Error shape every failure answers with: `{ error, code }`, plus `issues` for invalid input. */
export const ZErrorBody = z
  .object({
    /** Human-readable message: Persian by default, English when `Accept-Language` prefers `en`. */
    error: z.string(),
    /** Machine code; never changes with language. */
    code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ description: 'Every error response: a message in the request language and a stable machine code.' });
export type TErrorBody = z.infer<typeof ZErrorBody>;
