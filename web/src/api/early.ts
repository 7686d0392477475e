// GET calls started before the code that makes them has loaded: on a first load of a signed-in page, the
// router (routes.tsx) starts the calls the page opens with while the page's code downloads, and the API
// client (client.ts) takes the answer instead of asking again. Part of the app's entry: no imports.

/** How long an early answer waits to be taken; later, the page asks afresh. */
const KEEP_MS = 15_000;

interface Early {
  token: string;
  startedAt: number;
  answer: Promise<Response>;
}

const started = new Map<string, Early>();

/** Starts GET `paths` with the session's token, as the API client would send them. */
export function fetchEarly(paths: readonly string[], token: string): void {
  for (const path of paths) {
    const answer = fetch(path, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    });
    // A failure is seen (and reported) by the call that takes it.
    answer.catch(() => undefined);
    started.set(path, { token, startedAt: Date.now(), answer });
  }
}

/** The early answer to GET `path` made with `token`, once: later calls fetch again. */
export function takeEarly(path: string, token: string | null): Promise<Response> | undefined {
  const early = started.get(path);
  if (!early) return undefined;
  started.delete(path);
  return early.token === token && Date.now() - early.startedAt <= KEEP_MS ? early.answer : undefined;
}
