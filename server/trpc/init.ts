import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ERRORS } from '../../shared/errors.js';
import type { Context } from './context.js';
import { toAppError } from './to-app-error.js';

export type Meta = OpenApiMeta<{
  /** The REST status of a successful call, when it is not 200. */
  successStatus?: number;
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
