// Calls started before the code that makes them has loaded. On a first load of /HomeSecond, index.html's
// inline preload script (web/vite-plugins.ts, routePreload) starts the calls the page opens with before the
// app's entry has even downloaded; for other pages with `data`, the router (routes.tsx) starts them while the
// page's code downloads. The API client (client.ts) takes the answer instead of asking again (early-take.ts,
// with the API client, not in the entry). Part of the app's entry: no imports.

/** How long an early answer waits to be taken; later, the page asks afresh. */
export const KEEP_MS = 15_000;

export interface Early {
  token: string;
  startedAt: number;
  answer: Promise<Response>;
}

/**
 * What index.html's preload script leaves on `window.__punchclockCalls`: the session's token, when
 * it started, and each call's answer by its key (see `earlyKey`).
 */
export interface PreloadedCalls {
  token: string;
  at: number;
  calls: Record<string, Promise<Response>>;
}

declare global {
  interface Window {
    __punchclockCalls?: PreloadedCalls;
  }
}

/** The calls started early, by key (early-take.ts's earlyKey), until taken. */
export const started = new Map<string, Early>();

/**
 * Starts GET `paths` with the session's token, as the API client would send them, but for those index.html's
 * preload script has already started (and the API client has not taken yet).
 */
export function fetchEarly(paths: readonly string[], token: string): void {
  const preloaded = typeof window === 'undefined' ? undefined : window.__punchclockCalls;
  for (const path of paths) {
    if (preloaded?.token === token && path in preloaded.calls) continue;
    const answer = fetch(path, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    });
    // A failure is seen (and reported) by the call that takes it.
    answer.catch(() => undefined);
    started.set(path, { token, startedAt: Date.now(), answer });
  }
}
