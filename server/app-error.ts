import { ERRORS, type ErrorCode, type ErrorIssue } from '../shared/errors.js';

/**
 * The one error type of the service. Thrown anywhere below a procedure; the tRPC error formatter
 * and the REST facade render it as `{ error, code }` with the status from the shared table.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly issues: ErrorIssue[] | undefined;
  /** Extra response headers, such as `Retry-After`. */
  readonly headers: Record<string, string> | undefined;
  /** Extra properties of the error body, such as publishing's `violations`. */
  readonly details: Record<string, unknown> | undefined;
  /**
   * A status other than the table's, for a route that answers a shared code differently
   * (registering a passkey answers `passkey_invalid` with 400, signing in with one with 401).
   * The route lists it in `meta.errorStatuses` so that its API document says the same.
   */
  private readonly statusOverride: number | undefined;

  constructor(
    code: ErrorCode,
    options: {
      issues?: ErrorIssue[];
      headers?: Record<string, string>;
      details?: Record<string, unknown>;
      status?: number;
      cause?: unknown;
    } = {},
  ) {
    super(code, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.issues = options.issues;
    this.headers = options.headers;
    this.details = options.details;
    this.statusOverride = options.status;
  }

  get status(): number {
    return this.statusOverride ?? ERRORS[this.code].status;
  }
}
