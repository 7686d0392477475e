import { messages } from '@punchclock/contract';
import { badRequest } from './errors';

/**
 * Keyset paging cursors (contract/src/paging.ts): an opaque base64url text holding which list it belongs to,
 * the sort key of a row (the last row shown for "next", the first for "previous"), the direction, and what the
 * first page counted (total, page number) so later pages need not count again. Nothing in it is trusted beyond
 * its shape: every query it feeds stays inside the caller's account, so a forged cursor only moves the position.
 */
export type KeyPart = string | number;
export type KeyShape = readonly ('string' | 'number')[];

export interface Cursor {
  key: KeyPart[];
  /** Rows before the key (a "previous" cursor) instead of after it. */
  back: boolean;
  /** The page number the cursor leads to, for lists that show one (the activity log). */
  page?: number;
  /** The count the first page made. */
  total?: number;
}

const refuse = () => badRequest(messages.general.badCursor, { cursor: [messages.general.badCursor] });

export function encodeCursor(list: string, c: Cursor): string {
  const body: Record<string, unknown> = { l: list, k: c.key };
  if (c.back) body.b = 1;
  if (c.page !== undefined) body.p = c.page;
  if (c.total !== undefined) body.t = c.total;
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

const isCount = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** The cursor sent back for `list`, or undefined when none was sent; anything else answers 400. */
export function decodeCursor(list: string, text: string | undefined, shape: KeyShape): Cursor | undefined {
  if (!text) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw refuse();
  const { l, k, b, p, t } = body as Record<string, unknown>;
  if (l !== list || !Array.isArray(k) || k.length !== shape.length) throw refuse();
  const keyOk = k.every((v, i) =>
    shape[i] === 'number'
      ? typeof v === 'number' && Number.isSafeInteger(v)
      : typeof v === 'string' && v.length <= 1000,
  );
  if (!keyOk || (b !== undefined && b !== 1)) throw refuse();
  if ((p !== undefined && (!isCount(p) || (p as number) < 1)) || (t !== undefined && !isCount(t)))
    throw refuse();
  return {
    key: k as KeyPart[],
    back: b === 1,
    ...(p !== undefined ? { page: p as number } : {}),
    ...(t !== undefined ? { total: t as number } : {}),
  };
}

/**
 * Cuts a page out of rows read with `limit + 1` from the cursor's position (in reverse order for a "previous"
 * cursor) and makes the cursors around it.
 */
export function pageOf<R>(
  list: string,
  rows: R[],
  opts: { limit: number; cursor?: Cursor; keyOf: (r: R) => KeyPart[]; total?: number },
) {
  const { limit, cursor, keyOf, total } = opts;
  const more = rows.length > limit;
  const back = !!cursor?.back;
  const data = rows.slice(0, limit);
  if (back) data.reverse();
  const page = cursor?.page ?? 1;
  const hasNext = back ? true : more;
  const hasPrev = back ? more : !!cursor;
  const extra = { ...(total !== undefined ? { total } : {}) };
  const last = data[data.length - 1];
  const first = data[0];
  return {
    data,
    page,
    next_cursor:
      hasNext && last
        ? encodeCursor(list, { key: keyOf(last), back: false, page: page + 1, ...extra })
        : null,
    prev_cursor:
      hasPrev && first
        ? encodeCursor(list, { key: keyOf(first), back: true, page: Math.max(1, page - 1), ...extra })
        : null,
  };
}
