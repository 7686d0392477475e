import { codeForStatus, messages } from '@punchclock/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type FieldErrors, isUniqueViolation } from '../lib/errors';

/**
 * One place turns every failure into `{message, code, errors?}` with the right status; 5xx details stay in
 * the log, never in the answer.
 */
export function errorHandler(
  this: FastifyInstance,
  error: FastifyError,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof AppError) {
    if (error.retryAfterMs !== undefined)
      reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))));
    return reply
      .code(error.statusCode)
      .send({ message: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) });
  }
  if (hasZodFastifySchemaValidationErrors(error)) return reply.code(400).send(validationAnswer(error));
  if (isResponseSerializationError(error)) {
    req.log.error({ err: error }, 'response did not match its schema');
    return reply.code(500).send({ message: messages.general.serverError, code: 'server_error' });
  }
  // Two requests writing the same thing at once (a double-clicked import creating one department twice) meet a
  // unique index past the service's checks: a conflict to retry, not a server error.
  if (isUniqueViolation(error)) {
    req.log.warn({ err: error }, 'unique constraint met at the same time by another request');
    return reply.code(409).send({ message: messages.general.changedMeanwhile, code: 'conflict' });
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    req.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: messages.general.serverError, code: 'server_error' });
  }
  return reply.code(status).send({ message: clientErrorMessage(error), code: codeForStatus(status) });
}

type ValidationError = Parameters<typeof hasZodFastifySchemaValidationErrors>[0] & {
  validation: { instancePath: string; message?: string }[];
};

/** Every field's messages under its path, and the first message (with how many more) as the answer's message. */
function validationAnswer(error: ValidationError) {
  const errors: FieldErrors = {};
  for (const v of error.validation) {
    const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
    (errors[field] ??= []).push(v.message ?? messages.general.badInput);
  }
  const first = error.validation[0];
  const message =
    error.validation.length === 1 || !first
      ? (first?.message ?? messages.general.badInput)
      : `${first.message} (and ${error.validation.length - 1} more)`;
  return {
    message:
      message === 'Invalid input: expected object, received undefined' ? messages.general.badInput : message,
    code: 'bad_request',
    errors,
  };
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return messages.general.malformedJson;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return messages.general.tooLarge;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send JSON (application/json).';
    default:
      return error instanceof SyntaxError
        ? messages.general.malformedJson
        : error.message || messages.general.badInput;
  }
}
