import type { z } from 'zod';
import { isValidatedBy } from '../services/validated-once.js';

/**
 * The output schema of a procedure that may answer kept answers: the same schema (the API document is unchanged),
 * whose check passes an answer `validateOnce` already validated against it as it is, and parses anything else as
 * usual. A kept 31,000-cell schedule costs its check once, not on every read.
 */
export function outputValidatedOnce<S extends z.ZodType>(schema: S): S {
  const output = schema.clone();
  const parse = (value: unknown, params?: Parameters<S['parse']>[1]) => (isValidatedBy(value, schema) ? value : schema.parse(value, params));
  // tRPC checks an output with the schema's own `parse` (then `parseAsync`): both are replaced on this copy only.
  Object.assign(output, { parse, parseAsync: async (value: unknown, params?: Parameters<S['parse']>[1]) => parse(value, params) });
  return output;
}
