import { messages } from '@punchclock/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { logInAs, renderAt } from '../test/render';

describe('logout from the account menu', () => {
  it('revokes the token, clears storage, says goodbye and goes to /login after a second', async () => {
    // Answered by address: the layout's calls (picture, current user) come in no fixed order.
    const calls: { url: string; init: RequestInit }[] = [];
    const bodies: Record<string, unknown> = {
      '/api/get-profile-picture': { profile_picture_url: null, profile_image_url: null },
      '/api/logout': { message: messages.logout.success },
    };
    const api = {
      calls,
      fetch: async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        const body = bodies[url];
        return new Response(JSON.stringify(body ?? { message: 'Not found.' }), {
          status: body ? 200 : 404,
          headers: { 'content-type': 'application/json' },
        });
      },
    };
    vi.stubGlobal('fetch', api.fetch);
    logInAs('user');
    sessionStorage.setItem('draft', 'x');
    const router = renderAt('/HomeSecond');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /profile menu/i }));
    // jsdom lays nothing out, so floating-ui's `hide` soon gives the dropdown display: none; whether the
    // item was found before that was a race (lost now and then on a busy machine): hidden: true.
    await user.click(await screen.findByRole('menuitem', { name: 'Logout', hidden: true }));

    expect(await screen.findByText(messages.logout.success)).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('draft')).toBeNull();
    const logoutCall = api.calls.find((c) => c.url === '/api/logout');
    expect(new Headers(logoutCall?.init.headers).get('Authorization')).toBe('token-1');
    expect(router.state.location.pathname).toBe('/HomeSecond');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 2500 });
  });
});
