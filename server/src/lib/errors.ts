import { messages } from '@punchclock/contract';

export type FieldErrors = Record<string, string[]>;

/** A domain error with its HTTP status; the one error handler in app.ts turns it into `{message, errors?}`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldErrors) => new AppError(400, message, errors);
export const unauthorized = (message: string = messages.general.unauthorized) => new AppError(401, message);
export const forbidden = (message: string = messages.general.forbidden) => new AppError(403, message);
export const notFound = (message: string = messages.general.notFound) => new AppError(404, message);
export const conflict = (message: string, errors?: FieldErrors) => new AppError(409, message, errors);
export const payloadTooLarge = (message: string = messages.general.tooLarge) => new AppError(413, message);
export const unprocessable = (message: string, errors?: FieldErrors) => new AppError(422, message, errors);
export const tooManyRequests = (message: string = messages.general.tooManyRequests) =>
  new AppError(429, message);

/** Unique-constraint violations from either database, so services can answer 409 instead of 500. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed/.test(e?.message ?? '')
  );
}
