import { messages, PAGE_ROUTES } from '@punchclock/contract';
import { screen, waitFor } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../routes';
import { fakeFetch, logInAs, renderAt } from '../test/render';

describe('route guard', () => {
  it('sends a visitor without a token to /Login', async () => {
    const router = renderAt('/Employee');
    await waitFor(() => expect(router.state.location.pathname).toBe('/Login'));
    expect(await screen.findByText(messages.login.headline)).toBeTruthy();
  });

  it('sends a manager away from the employee area to /Employee', async () => {
    vi.stubGlobal('fetch', fakeFetch({ body: { profile_picture_url: null, profile_image_url: null } }).fetch);
    logInAs('user');
    const router = renderAt('/HomeUser');
    await waitFor(() => expect(router.state.location.pathname).toBe('/Employee'));
  });

  it('sends an employee away from the manager area to /HomeUser', async () => {
    vi.stubGlobal('fetch', fakeFetch({ body: { profile_picture_url: null, profile_image_url: null } }).fetch);
    logInAs('employee');
    const router = renderAt('/Settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/HomeUser'));
  });

  it('sends a logged-in visitor of /Login straight home', async () => {
    vi.stubGlobal('fetch', fakeFetch({ body: { profile_picture_url: null, profile_image_url: null } }).fetch);
    logInAs('user');
    const router = renderAt('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/HomeSecond'));
  });
});

describe('page routes', () => {
  const leaf = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.path;

  it('has a page for every route of the contract, in any letter case', () => {
    for (const route of PAGE_ROUTES) {
      const path = route.replace(/:[a-z]+/gi, '42');
      expect(leaf(path), path).not.toBe('*');
      expect(leaf(path.toLowerCase()), path.toLowerCase()).not.toBe('*');
    }
  });

  it('answers unknown paths with the not-found page', () => {
    expect(leaf('/no-such-page')).toBe('*');
  });
});
