import { messages } from '@punchclock/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, logInAs, renderAt } from '../test/render';

describe('logout from the account menu', () => {
  it('revokes the token, clears storage, says goodbye and goes to /login after a second', async () => {
    const api = fakeFetch(
      { body: { profile_picture_url: null, profile_image_url: null } },
      { body: { message: messages.logout.success } },
    );
    vi.stubGlobal('fetch', api.fetch);
    logInAs('user');
    sessionStorage.setItem('draft', 'x');
    const router = renderAt('/HomeSecond');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /profile menu/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByText(messages.logout.success)).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('draft')).toBeNull();
    const logoutCall = api.calls.find((c) => c.url === '/api/logout');
    expect(new Headers(logoutCall?.init.headers).get('Authorization')).toBe('token-1');
    expect(router.state.location.pathname).toBe('/HomeSecond');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 2500 });
  });
});
