import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ERRORS, type ErrorCode } from '../../shared/errors.js';
import type { Context } from './context.js';
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
        },
      };
    },
  });

export const router = t.router;
export const procedure = t.procedure;
export const createCallerFactory = t.createCallerFactory;
