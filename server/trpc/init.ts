import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ERRORS, type ErrorCode } from '../../shared/errors.js';
import { AppError } from '../app-error.js';
import type { Context } from './context.js';
import { coercedNumberFields, nonNumberField } from './json-numbers.js';
import { toAppError } from './to-app-error.js';

/** Who a procedure builder admits; set once by each builder in `procedures.ts`, never by a route. */
export type Access = 'public' | 'signedIn' | 'authed' | 'manager' | 'superAdmin';

export type Meta = OpenApiMeta<{
  /** The REST status of a successful call, when it is not 200. */
  successStatus?: number;
  access?: Access;
  /**
   * Error codes particular to this procedure (409 username_taken, 410 invite_used…), for the API document.
   * Those of its builder, the ward selection and the request guards are added there without being listed.
   */
  errors?: readonly ErrorCode[];
  /** Codes this procedure answers with a status other than the error table's (thrown with `AppError`'s `status`). */
  errorStatuses?: Partial<Record<ErrorCode, number>>;
  /** Statuses besides the success one that answer with the output schema rather than the Error shape (health's 503). */
  outputStatuses?: readonly number[];
  /**
   * The answer may be a whole roster: it is counted against its account's allowance of answer cells (`answerCells`
   * in procedures.ts), and while the account owes, a session that has owed is refused before it is looked up.
   */
  largeAnswer?: boolean;
  /** The request body may be up to 1 MiB instead of 100 KiB (docs/rota.md: whole tables such as the coverage). */
  largeBody?: boolean;
  /**
   * The REST face answers the procedure's output (a string) as this document rather than as JSON, with these
   * headers (server/http/document-routes.ts); tRPC still answers it JSON-quoted.
   */
  produces?: { contentType: string; headers?: Readonly<Record<string, string>> };
}>;

/** Built once; everything else imports these few pieces. */
const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error, ctx }) {
      const appError = toAppError(error);
      const message: string = ERRORS[appError.code][ctx?.language ?? 'fa'];
      return {
        code: shape.code,
        message,
        data: {
          code: appError.code,
          httpStatus: appError.status,
          error: message,
          path: shape.data.path,
          ...(appError.issues ? { issues: appError.issues } : {}),
          ...appError.details,
        },
      };
    },
  });

/** Why a string cannot reach the database as sent, if it cannot. */
function unstorableText(text: string): string | undefined {
  if (text.includes('\0')) return 'Must not contain the character U+0000.';
  // PostgreSQL would store a lone surrogate as U+FFFD, so the answer would echo something other than what is kept.
  if (!text.isWellFormed()) return 'Must not contain a lone UTF-16 surrogate.';
  return undefined;
}

/** The first string (or key) of a raw input holding U+0000 or a lone surrogate, with its path (`name`, `items.0.title`). */
function unstorableTextIssue(input: unknown): { path: string; message: string } | undefined {
  const pending: [unknown, string][] = [[input, '']];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const [value, path] = item;
    if (typeof value === 'string') {
      const message = unstorableText(value);
      if (message !== undefined) return { path, message };
    }
    if (typeof value !== 'object' || value === null) continue;
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      const message = unstorableText(key);
      if (message !== undefined) return { path: childPath, message };
      pending.push([child, childPath]);
    }
  }
  return undefined;
}

let numberFields: Map<string, string[]> | undefined;

/** The input fields the REST adapter reads as text and marks to coerce, per procedure path (see below). */
async function numberFieldsOf(path: string): Promise<string[] | undefined> {
  if (numberFields === undefined) {
    // The router imports this module: read it once it exists, at the first call.
    const { appRouter } = await import('../routers/_app.js');
    numberFields = coercedNumberFields(appRouter._def.procedures as unknown as Parameters<typeof coercedNumberFields>[0]);
  }
  return numberFields.get(path);
}

/**
 * Where every call starts, in one middleware (each level of tRPC's chain copies the call's options and context, a
 * tenth of a signed-in read's time when these were two):
 * - The raw input is checked before any schema runs: it must be an object (or absent). PostgreSQL refuses U+0000 in
 *   text and replaces a lone surrogate, so no text field, present or future, may carry either to the database. On the tRPC face (and for in-process callers) a number field takes a JSON
 *   number only: the REST adapter reads path and query numbers from text and, to do so, marks those schemas `coerce`
 *   in place, which they share with this face; without this check `{"id":"0x10"}`, `"1.0"` or `" 1"` would be read as
 *   ids here. REST path ids are checked as decimal digits before the adapter (`canonicalPathIds`).
 * - The call gets its own unit of work, so the calls of one tRPC batch never share an identity map, a transaction or
 *   a connection.
 */
const startCall = t.middleware(async function startCall({ ctx, path, getRawInput, next }) {
  const input = await getRawInput();
  // Every input is an object or nothing: a top-level array (or number, or string) is never read as `{}`.
  if (input !== undefined && (typeof input !== 'object' || input === null || Array.isArray(input))) {
    throw new AppError('invalid_input', { issues: [{ path: '', message: 'Must be a JSON object.' }] });
  }
  const unstorable = unstorableTextIssue(input);
  if (unstorable !== undefined) throw new AppError('invalid_input', { issues: [unstorable] });
  if (ctx.face !== 'rest') {
    const names = await numberFieldsOf(path);
    const field = names === undefined ? undefined : nonNumberField(input, names);
    if (field !== undefined) throw new AppError('invalid_input', { issues: [{ path: field, message: 'Must be a number.' }] });
  }
  return next({ ctx: { em: ctx.services.orm.em.fork() } });
});

export const router = t.router;

/** Every procedure starts here (`startCall`). A procedure without input declares none: an input parser is one more level. */
export const procedure = t.procedure.use(startCall);
export const createCallerFactory = t.createCallerFactory;
