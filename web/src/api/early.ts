// Calls started before the code that makes them has loaded. On a first load of /HomeSecond, index.html's
// signed-in-preload script (loaded by route-preload.js; web/vite-plugins.ts, routePreload) starts the calls
// the page opens with before the app's entry has even downloaded; for other pages with `data`, the router
// (routes.tsx) starts them while the page's code downloads. The API client (client.ts) takes the answer
// instead of asking again (early-take.ts, with the API client, not in the entry). Part of the app's entry: no
// imports.

/** How long an early answer waits to be taken; later, the page asks afresh. */
export const KEEP_MS = 15_000;

export interface Early {
  token: string;
  startedAt: number;
  answer: Promise<Response>;
}

/**
 * What index.html's signed-in-preload script leaves on `window.__punchclockCalls`: the session's token, when
 * it started, and each call's answer by its key (see `earlyKey`).
 */
export interface PreloadedCalls {
  token: string;
  at: number;
  calls: Record<string, Promise<Response>>;
}

declare global {
  interface Window {
    /** Set by route-preload.js while the signed-in-preload script loads; settles once it has run (or failed). */
    __punchclockEarly?: Promise<unknown>;
    __punchclockCalls?: PreloadedCalls;
    /** Set once this module has started calls itself: a later signed-in-preload script then starts none. */
    __punchclockEntry?: boolean;
  }
}

/** The calls started early, by key (early-take.ts's earlyKey), until taken. */
export const started = new Map<string, Early>();

/** How long the first render waits at most for a signed-in-preload script that is still loading. */
const PRELOAD_WAIT_MS = 1_000;

/**
 * Runs `start` once index.html's signed-in-preload script has run (at once when there is none, and after
 * PRELOAD_WAIT_MS at most): the app's first render and the router's early loads then find the page's code
 * and data already asked for by that script, instead of asking for them first from the entry (whose code is
 * far larger, so on a slow network far later).
 */
export function afterPreload(start: () => void): void {
  const pending = typeof window === 'undefined' ? undefined : window.__punchclockEarly;
  if (!pending) return start();
  void Promise.race([pending, new Promise((r) => setTimeout(r, PRELOAD_WAIT_MS))]).then(start);
}

/**
 * Starts GET `paths` with the session's token, as the API client would send them. Not when index.html's
 * signed-in-preload script is loading: it starts the page's calls itself (or has already).
 */
export function fetchEarly(paths: readonly string[], token: string): void {
  if (typeof window !== 'undefined') {
    if (window.__punchclockEarly) return;
    window.__punchclockEntry = true;
  }
  for (const path of paths) {
    const answer = fetch(path, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    });
    // A failure is seen (and reported) by the call that takes it.
    answer.catch(() => undefined);
    started.set(path, { token, startedAt: Date.now(), answer });
  }
}
