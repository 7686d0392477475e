import { messages } from '@punchclock/contract';
import { ApiError, failureOf } from './client';
import { session } from '../session/session';

/** The file name from a Content-Disposition header, else the fallback. */
function fileNameOf(res: Response, fallback: string): string {
  const cd = res.headers.get('Content-Disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd)?.[1];
  if (star) return decodeURIComponent(star);
  return /filename="?([^";]+)"?/i.exec(cd)?.[1] ?? fallback;
}

/**
 * Fetches a file the API only hands to a signed-in user: a plain link cannot carry the Bearer token. A network
 * failure or an error answer throws the ApiError every other call throws.
 */
export async function fetchFile(path: string, body?: unknown): Promise<Response> {
  const token = session.token();
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, messages.general.networkError);
  }
  if (!res.ok) throw await failureOf(res, token);
  return res;
}

/** Saves a fetched file under `name` through a temporary blob link, as the browser saves a download. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoke later: some browsers start reading the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a file the API only hands to a signed-in user and saves it under the name its Content-Disposition
 * gives. With a `body` the file is asked for by POSTing it as JSON (e.g. a report run with `format`).
 */
export async function downloadFile(path: string, fallbackName: string, body?: unknown): Promise<void> {
  const res = await fetchFile(path, body);
  saveBlob(await res.blob(), fileNameOf(res, fallbackName));
}
