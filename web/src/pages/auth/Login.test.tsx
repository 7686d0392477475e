import { messages } from '@punchclock/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApiByPath, fakeFetch, fill, logInAs, renderAt } from '../../test/render';

async function submitLogin(email = 'dana@example.com', password = 'first password 1') {
  const user = userEvent.setup();
  await fill(user, await screen.findByLabelText('Email'), email);
  await fill(user, screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('Login page', () => {
  it('says the access token is missing when the answer lacks it', async () => {
    const api = fakeFetch({ body: { message: 'ok', user_type: 'user', user_id: 1 } });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/Login');
    await submitLogin();
    expect(await screen.findByText(messages.login.tokenMissing)).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('says the answer was empty when the server sent no body', async () => {
    vi.stubGlobal('fetch', fakeFetch({}).fetch);
    renderAt('/login');
    await submitLogin();
    expect(await screen.findByText(messages.login.emptyResponse)).toBeTruthy();
  });

  it('shows the server message on a refused login', async () => {
    vi.stubGlobal('fetch', fakeFetch({ status: 401, body: { message: 'Invalid email or password.' } }).fetch);
    renderAt('/Login');
    await submitLogin();
    expect(await screen.findByText('Invalid email or password.')).toBeTruthy();
  });

  it('checks the fields before calling the server', async () => {
    const api = fakeFetch();
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/Login');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required.')).toBeTruthy();
    expect(screen.getByText('Password is required.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('stores the session and sends an employee to /HomeUser', async () => {
    const api = fakeFetch(
      {
        body: {
          message: 'Login successful!',
          access_token: 'tok',
          user_type: 'employee',
          user_id: 3,
          employee_id: 'E-7',
          emp_id: 12,
          username: 'maria',
          email: 'maria@example.com',
        },
      },
      { body: { profile_picture_url: null, profile_image_url: null } },
    );
    vi.stubGlobal('fetch', api.fetch);
    const router = renderAt('/Login');
    await submitLogin('maria@example.com');
    await waitFor(() => expect(router.state.location.pathname).toBe('/HomeUser'));
    expect(await screen.findByText(messages.login.success)).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('tok');
    expect(localStorage.getItem('employee_id')).toBe('E-7');
    expect(localStorage.getItem('emp_id')).toBe('12');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toEqual({
      user_id: 3,
      user_type: 'employee',
      email: 'maria@example.com',
    });
    expect(JSON.parse(String(api.calls[0].init.body))).toEqual({
      email: 'maria@example.com',
      password: 'first password 1',
    });
  });
});

describe('Login after a signed-in page', () => {
  const manager = {
    message: 'Login successful!',
    access_token: 'tok',
    user_type: 'user',
    user_id: 3,
    employee_id: null,
    emp_id: null,
    username: 'dana',
    email: 'dana@example.com',
  };

  it('comes back to the page asked for while logged out (a deep link), not to the home page', async () => {
    fakeApiByPath({ '/api/login': manager });
    const router = renderAt('/Departments?page=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/Login'));
    expect(screen.queryByText(messages.general.unauthorized)).toBeNull();
    await submitLogin();
    await waitFor(() => expect(router.state.location.pathname).toBe('/Departments'));
    expect(router.state.location.search).toBe('?page=2');
  });

  it('says the session ended when the server refused the token, and comes back to the page after login', async () => {
    logInAs('user');
    // The page's calls answer 401 (the token was revoked elsewhere); then the login.
    let refused = true;
    vi.stubGlobal('fetch', async (url: string) => {
      const path = new URL(url, 'http://localhost').pathname;
      const [status, body] =
        path === '/api/login'
          ? [200, manager]
          : refused
            ? [401, { message: messages.general.unauthorized }]
            : [200, {}];
      if (path === '/api/login') refused = false;
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    });
    const router = renderAt('/ActivityLogs');
    await waitFor(() => expect(router.state.location.pathname).toBe('/Login'));
    expect((await screen.findByText(messages.general.unauthorized)).getAttribute('role')).toBe('alert');
    await submitLogin();
    await waitFor(() => expect(router.state.location.pathname).toBe('/ActivityLogs'));
  });
});
