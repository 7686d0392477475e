import { messages } from '@punchclock/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, fill, renderAt } from '../../test/render';

async function fillForm(confirm: string, agree: boolean) {
  const user = userEvent.setup();
  await fill(user, await screen.findByLabelText('Full Name'), 'Dana Whitfield');
  await fill(user, screen.getByLabelText('Username'), 'dana');
  await fill(user, screen.getByLabelText('Email Address'), 'dana@example.com');
  await fill(user, screen.getByLabelText('Phone Number'), '+1 555 0142');
  await fill(user, screen.getByLabelText('Date of Birth'), '1990-06-15');
  await fill(user, screen.getByLabelText('Password'), 'first password 1');
  await fill(user, screen.getByLabelText('Confirm Password'), confirm);
  if (agree) await user.click(screen.getByLabelText('I agree to the terms and conditions'));
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('Sign-up page', () => {
  it('blocks mismatched passwords without calling the server', async () => {
    const api = fakeFetch();
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/signup');
    await fillForm('something else 1', true);
    expect(await screen.findByText(messages.registration.passwordsMismatch)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('requires the terms to be accepted', async () => {
    const api = fakeFetch();
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/SignUp');
    await fillForm('first password 1', false);
    expect(await screen.findByText(messages.registration.termsRequired)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('shows the server field errors under their fields', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        status: 409,
        body: {
          message: messages.registration.emailTaken,
          errors: { email: [messages.registration.emailTaken] },
        },
      }).fetch,
    );
    renderAt('/SignUp');
    await fillForm('first password 1', true);
    await waitFor(() => expect(screen.getAllByText(messages.registration.emailTaken).length).toBe(2));
    expect(screen.getByLabelText('Email Address').getAttribute('aria-invalid')).toBe('true');
  });

  it('stores the session, welcomes, and moves to /HomeSecond after 2 seconds', async () => {
    const api = fakeFetch({
      status: 201,
      body: {
        message: messages.registration.success,
        user_id: 5,
        access_token: 'tok',
        user_type: 'user',
        username: 'dana',
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    const router = renderAt('/SignUp');
    await fillForm('first password 1', true);
    expect(await screen.findByText(messages.registration.success)).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('tok');
    expect(localStorage.getItem('userEmail')).toBe('dana@example.com');
    expect(router.state.location.pathname).toBe('/SignUp');
    await waitFor(() => expect(router.state.location.pathname).toBe('/HomeSecond'), { timeout: 3000 });
    expect(JSON.parse(String(api.calls[0].init.body))).toMatchObject({
      name: 'Dana Whitfield',
      date_of_birth: '1990-06-15',
      terms: true,
      password_confirmation: 'first password 1',
      // The browser's zone, so the account's days are local from the start.
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });
});
