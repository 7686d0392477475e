import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../Providers';
import { fakeFetch, logInAs } from '../test/render';
import { AccountMenu } from './AccountMenu';

const LINKS = [
  { label: 'View your profile', to: '/UserProfile', icon: null },
  { label: 'Account Settings', to: '/Account_Setting', icon: null },
];

function show() {
  logInAs('user');
  vi.stubGlobal('fetch', fakeFetch({ status: 404, body: { message: 'No picture.' } }).fetch);
  const router = createMemoryRouter(
    [
      { path: '/HomeSecond', element: <AccountMenu name="Dana" links={LINKS} /> },
      { path: '/UserProfile', element: <p>Profile page</p> },
    ],
    { initialEntries: ['/HomeSecond'] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, button: screen.getByRole('button', { name: /Open profile menu/ }) };
}

describe('the account menu', () => {
  it('has no dropdown on the page until it is opened', () => {
    show();
    expect(screen.queryByRole('menu', { hidden: true })).toBeNull();
    // Nothing of the menu in a portal either (the notifications' host, loaded when first needed, may have one).
    expect(document.querySelector('[data-portal] .mantine-Menu-dropdown')).toBeNull();
    expect(document.querySelector('[data-portal] [role="menuitem"]')).toBeNull();
  });

  it('opens on a click (in the portal, as always) and follows a link', async () => {
    const user = userEvent.setup();
    const { router, button } = show();
    await user.click(button);
    const menu = await screen.findByRole('menu', { hidden: true });
    expect(menu.closest('[data-portal]')).not.toBeNull();
    // The selectors the closed menu's test looks for are the open menu's.
    expect(document.querySelector('[data-portal] .mantine-Menu-dropdown')).toBe(menu);
    // jsdom lays nothing out, so floating-ui's `hide` gives the dropdown display: none: hidden: true.
    await user.click(await screen.findByRole('menuitem', { name: 'View your profile', hidden: true }));
    expect(router.state.location.pathname).toBe('/UserProfile');
  });

  it('opens from the keyboard, closes with Escape and gives the focus back', async () => {
    const user = userEvent.setup();
    const { button } = show();
    await user.tab();
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');
    await screen.findByRole('menu', { hidden: true });
    expect(await screen.findByRole('menuitem', { name: 'Logout', hidden: true })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu', { hidden: true })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('opens in the portal on a click with no pointer or focus before it (a screen reader)', async () => {
    const { button } = show();
    button.click();
    const menu = await screen.findByRole('menu', { hidden: true });
    expect(menu.closest('[data-portal]')).not.toBeNull();
    // The selectors the closed menu's test looks for are the open menu's.
    expect(document.querySelector('[data-portal] .mantine-Menu-dropdown')).toBe(menu);
  });
});
