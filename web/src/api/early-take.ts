// The API client's side of early.ts: taking a call started early instead of asking again. Loaded with the
// client, not part of the app's entry.
import { KEEP_MS, started } from './early';

/** A GET is known by its path; another method by method, path and JSON body: `POST /api/x {"a":1}`. */
export const earlyKey = (method: string, path: string, jsonBody?: string): string =>
  method === 'GET' ? path : `${method} ${path} ${jsonBody ?? ''}`;

/** Takes over the calls index.html's preload script started (once). */
function adoptPreloaded(): void {
  const pre = typeof window === 'undefined' ? undefined : window.__punchclockCalls;
  if (!pre) return;
  delete window.__punchclockCalls;
  // A call the app started itself meanwhile (fetchEarly, for another token) is the newer one.
  for (const [key, answer] of Object.entries(pre.calls))
    if (!started.has(key)) started.set(key, { token: pre.token, startedAt: pre.at, answer });
}

/** The early answer to the call `key` (earlyKey) made with `token`, once (later calls fetch again). */
export async function takeEarly(key: string, token: string | null): Promise<Response | undefined> {
  adoptPreloaded();
  const early = started.get(key);
  if (!early) return undefined;
  started.delete(key);
  return early.token === token && Date.now() - early.startedAt <= KEEP_MS ? early.answer : undefined;
}
