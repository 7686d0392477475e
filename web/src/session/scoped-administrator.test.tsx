import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInUser } from '../test/fixtures';
import { logInAs, renderAt } from '../test/render';

/** The signed-in user as /api/get-user answers it, with the given administrator access. */
const userOf = (access: 'full' | 'departments') => ({
  user: signedInUser({ name: 'Dana Admin', user_type: 'user', administrator_access: access }),
});

/** Answers by address; /api/get-user only once `release` is called, everything else at once (empty or 404). */
function fakeApi() {
  let release: (access: 'full' | 'departments') => void = () => undefined;
  const userAnswer = new Promise<'full' | 'departments'>((resolve) => (release = resolve));
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal('fetch', async (url: string) => {
    if (url === '/api/get-user') return json(userOf(await userAnswer));
    if (url === '/api/get-profile-picture')
      return json({ profile_picture_url: null, profile_image_url: null });
    return json({ message: 'Not found.' }, 404);
  });
  return { release: (access: 'full' | 'departments') => release(access) };
}

const settingsLink = () => screen.queryByRole('link', { name: 'Settings' });

describe("a manager's account setup controls", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('stay hidden until the current user has arrived, then show for full access', async () => {
    const api = fakeApi();
    logInAs('user');
    renderAt('/Departments');
    await screen.findByRole('link', { name: 'Employees' });
    expect(settingsLink()).toBeNull();
    api.release('full');
    expect(await screen.findByRole('link', { name: 'Settings' })).toBeTruthy();
  });

  it('never show for an administrator limited to departments', async () => {
    const api = fakeApi();
    logInAs('user');
    renderAt('/Departments');
    await screen.findByRole('link', { name: 'Employees' });
    expect(settingsLink()).toBeNull();
    api.release('departments');
    // Where full access shows the link within moments (above), this access never does.
    await expect(screen.findByRole('link', { name: 'Settings' }, { timeout: 800 })).rejects.toThrow();
  });
});
