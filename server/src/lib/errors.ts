import { codeForStatus, type ErrorCode, messages } from '@punchclock/contract';

export type FieldErrors = Record<string, string[]>;

/**
 * A domain error with its HTTP status and a stable code; the one error handler turns it into
 * `{message, code, errors?}`. Clients branch on `code`, never on the message text.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  /** A 429's wait, sent as Retry-After (whole seconds) so a client knows when to try again. */
  retryAfterMs?: number;
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    code?: ErrorCode,
  ) {
    super(message);
    this.code = code ?? codeForStatus(statusCode);
  }
}

export const badRequest = (message: string, errors?: FieldErrors, code?: ErrorCode) =>
  new AppError(400, message, errors, code);
export const unauthorized = (message: string = messages.general.unauthorized, code?: ErrorCode) =>
  new AppError(401, message, undefined, code);
export const forbidden = (message: string = messages.general.forbidden, code?: ErrorCode) =>
  new AppError(403, message, undefined, code);
export const notFound = (message: string = messages.general.notFound, code?: ErrorCode) =>
  new AppError(404, message, undefined, code);
/** The record a look-up found, or the 404 `message` where there is none (or none the caller may see). */
export function found<T>(row: T | undefined | null, message: string): T {
  if (!row) throw notFound(message);
  return row;
}
export const conflict = (message: string, errors?: FieldErrors, code?: ErrorCode) =>
  new AppError(409, message, errors, code);
export const payloadTooLarge = (message: string = messages.general.tooLarge) => new AppError(413, message);
export const unprocessable = (message: string, errors?: FieldErrors, code?: ErrorCode) =>
  new AppError(422, message, errors, code);
export const tooManyRequests = (
  message: string = messages.general.tooManyRequests,
  code?: ErrorCode,
  retryAfterMs?: number,
) => Object.assign(new AppError(429, message, undefined, code), { retryAfterMs });

/** Unique-constraint violations from either database, so services can answer 409 instead of 500. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed/.test(e?.message ?? '')
  );
}

/**
 * A catch handler for a write that a unique index guards: a violation answers 409 naming the field that is
 * taken; any other error is thrown on as it is.
 */
export const conflictOnUnique =
  (field: string, message: string, code: ErrorCode) =>
  (error: unknown): never => {
    if (isUniqueViolation(error)) throw conflict(message, { [field]: [message] }, code);
    throw error;
  };
