import { hasControlCharacters } from '@punchclock/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest, type FieldErrors } from '../lib/errors';

const MESSAGE = 'Text must not contain control characters.';
/** Enough paths to show the caller what to fix without echoing a whole hostile body. */
const MAX_REPORTED = 20;

/**
 * A backstop behind the contract's text fields: any string in the body, query or path that holds a control
 * character (U+0000 breaks PostgreSQL text) is answered 400 before validation, on every route, including
 * fields a schema forgot.
 */
export function controlCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    const errors: FieldErrors = {};
    for (const value of [req.params, req.query, req.body]) collect(value, errors);
    if (Object.keys(errors).length > 0) throw badRequest(MESSAGE, errors);
  });
}

/** Walks JSON values without recursion, so a deeply nested body cannot exhaust the stack. */
function collect(root: unknown, errors: FieldErrors) {
  const pending: [unknown, string][] = [[root, '']];
  while (pending.length > 0 && Object.keys(errors).length < MAX_REPORTED) {
    const [value, path] = pending.pop() as [unknown, string];
    if (typeof value === 'string') {
      if (hasControlCharacters(value)) flag(errors, path || 'body');
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => pending.push([item, path ? `${path}.${i}` : String(i)]));
    } else if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [key, item] of Object.entries(value)) {
        const at = path ? `${path}.${key}` : key;
        if (hasControlCharacters(key)) flag(errors, at);
        pending.push([item, at]);
      }
    }
  }
}

/** An own property even for the path `__proto__` (an assignment would replace the object's prototype). */
function flag(errors: FieldErrors, path: string) {
  Object.defineProperty(errors, path, {
    value: [MESSAGE],
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
