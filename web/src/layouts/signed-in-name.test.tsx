import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../test/fixtures';
import { fakeApiByPath, logInAs, renderAt } from '../test/render';

/** The top bar's profile button, named by what it shows (the name) and "Open profile menu". */
const profileButton = () => screen.findByRole('button', { name: /Open profile menu/ }, { timeout: 15_000 });

describe("the top bar's name", () => {
  it("shows the manager's own name, not the username they log in with", async () => {
    logInAs('user');
    fakeApiByPath({
      '/api/get-user': { user: signedInUser({ user_type: 'user', name: 'Morgan Demo', username: 'dana' }) },
    });
    renderAt('/Support');
    const button = await profileButton();
    await waitFor(() => expect(button.textContent).toContain('Morgan Demo'));
    expect(button.textContent).not.toContain('dana');
  });

  it("shows the employee's name", async () => {
    logInAs('employee');
    fakeApiByPath({ '/api/get-user': { user: signedInUser({ name: 'Ava Garcia', username: 'dana' }) } });
    renderAt('/SupportUser');
    const button = await profileButton();
    await waitFor(() => expect(button.textContent).toContain('Ava Garcia'));
  });

  it('falls back to the username when the profile has no name', async () => {
    logInAs('user');
    fakeApiByPath({
      '/api/get-user': { user: signedInUser({ user_type: 'user', name: ' ', username: 'dana' }) },
    });
    renderAt('/Support');
    const button = await profileButton();
    await waitFor(() => expect(button.textContent).toContain('dana'));
  });
});
