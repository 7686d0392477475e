import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { UserEvent } from '@testing-library/user-event';
import { vi } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Providers } from '../Providers';
import { routes } from '../routes';
import { session, type SessionStart } from '../session/session';

/** Renders the whole app at `path`; answers the router so a test can read where it ended up. */
export function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

export function logInAs(userType: SessionStart['user_type']) {
  session.start({
    access_token: 'token-1',
    user_type: userType,
    user_id: 7,
    email: 'dana@example.com',
    username: 'dana',
  });
}

/** Replaces fetch with one answering each call in turn; the calls are recorded. */
export function fakeFetch(...answers: { status?: number; body?: unknown }[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const queue = [...answers];
  const fetch = async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const a = queue.shift() ?? { status: 500, body: { message: 'unexpected call' } };
    const text = a.body === undefined ? '' : JSON.stringify(a.body);
    return new Response(text, { status: a.status ?? 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, calls };
}

/** Types into a field as one paste: keystroke by keystroke re-renders the whole form each time. */
export async function fill(user: UserEvent, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

/** Renders one page at `entry` (its own route `path`), inside the app's providers but without its layout. */
export function renderPage(path: string, page: ReactNode, entry = path) {
  const router = createMemoryRouter([{ path, element: page }], { initialEntries: [entry] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

/** Replaces fetch with one answering each call by its path (the query aside), `fallback` for any other path. */
export function fakeApiByPath(answers: Record<string, unknown>, fallback: unknown = {}) {
  vi.stubGlobal('fetch', async (url: string) => {
    const path = new URL(url, 'http://localhost').pathname;
    const body = path in answers ? answers[path] : fallback;
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
}
