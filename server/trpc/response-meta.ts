import type { TRPCError } from '@trpc/server';
import type { Context } from './context.js';
import type { Meta } from './init.js';
import { toAppError } from './to-app-error.js';

interface ResponseMetaOptions {
  ctx?: Context | undefined;
  paths?: readonly string[] | undefined;
  errors: TRPCError[];
}

/** Status and headers of a failed call, from the error table; shared by both faces. */
export function errorResponseMeta({ errors }: ResponseMetaOptions) {
  if (errors.length !== 1) return {};
  const appError = toAppError(errors[0]!);
  return { status: appError.status, headers: appError.headers ?? {} };
}

/** The REST face also answers with each procedure's own success status (201, or health's 503). */
export function restResponseMeta(metaByPath: Map<string, Meta | undefined>) {
  return (options: ResponseMetaOptions) => {
    if (options.errors.length) return errorResponseMeta(options);
    const path = options.paths?.[0];
    const status = options.ctx?.response.status ?? (path ? metaByPath.get(path)?.successStatus : undefined);
    return status ? { status } : {};
  };
}
