import { messages } from '@punchclock/contract';
import { session } from '../session/session';
import { earlyKey, takeEarly } from './early-take';

/** A failed call: the server's `{message, code?, errors?}` (empty message when it sent none). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
    /** The server's stable error code (contract ERROR_CODES); branch on it, never on the message. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body, or a FormData for multipart uploads. */
  body?: unknown;
  /**
   * `bearer` (default) sends `Bearer <token>`; `raw` the bare token (POST /api/logout takes it so); `none`
   * nothing.
   */
  auth?: 'bearer' | 'raw' | 'none';
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text.trim()) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function errorFrom(status: number, body: unknown): ApiError {
  const b = (body && typeof body === 'object' ? body : {}) as {
    message?: unknown;
    errors?: unknown;
    code?: unknown;
  };
  const message = typeof b.message === 'string' ? b.message : '';
  const errors = b.errors && typeof b.errors === 'object' ? (b.errors as Record<string, string[]>) : {};
  return new ApiError(status, message, errors, typeof b.code === 'string' ? b.code : undefined);
}

/**
 * The ApiError for a non-2xx answer: the one reader of the server's error body `{message, code?, errors?}`,
 * used by `request` and the file downloads. A 401 on a call that carried `token` ends the session, so the
 * guards send the visitor to the login page; only the session that was refused ends: a late answer must not
 * log out a newer login.
 */
export async function failureOf(res: Response, token: string | null): Promise<ApiError> {
  if (res.status === 401 && token && session.token() === token) session.expire();
  return errorFrom(res.status, await readBody(res));
}

/**
 * One call to the API. Answers the parsed JSON body (null when empty); throws ApiError on a
 * non-2xx answer (see failureOf) or a network failure.
 */
export async function request<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  const mode = opts.auth ?? 'bearer';
  const token = mode === 'none' ? null : session.token();
  if (token) headers.Authorization = mode === 'raw' ? token : `Bearer ${token}`;
  const multipart = opts.body instanceof FormData;
  if (opts.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';

  const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
  const json = opts.body === undefined || multipart ? undefined : JSON.stringify(opts.body);
  // A plain call that was started early (api/early.ts) for this session: its answer, not a second call.
  const mayBeEarly = mode === 'bearer' && !opts.headers && !opts.signal && !multipart;
  let res: Response;
  try {
    res =
      (mayBeEarly ? await takeEarly(earlyKey(method, path, json), token) : undefined) ??
      (await fetch(path, {
        method,
        headers,
        body: multipart ? (opts.body as FormData) : json,
        signal: opts.signal,
      }));
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, messages.general.networkError);
  }
  if (!res.ok) throw await failureOf(res, token);
  return (await readBody(res)) as T;
}

/** The message to show for a failure: the server's (or the network one), else the screen's fallback. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** The first message per field of a server `errors` map, in the shape Mantine forms take. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    Object.entries(error.errors).flatMap(([k, v]) => (Array.isArray(v) && v[0] ? [[k, v[0]]] : [])),
  );
}
