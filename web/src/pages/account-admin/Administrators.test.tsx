import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signedInUser } from '../../test/fixtures';
import { fakeApiByPath, fill, logInAs, renderAt } from '../../test/render';

const owner = {
  id: 7,
  name: 'Morgan Demo',
  email: 'demo@example.com',
  role: 'Owner',
  access: 'full',
  permissions: 'Full',
  departments: 'All',
  department_ids: null,
  created_at: '2026-01-01T00:00:00.000Z',
};

function showAdministrators(plan: { plan: string; seats: number | null; administrators: number }) {
  logInAs('user');
  fakeApiByPath({
    '/api/get-user': { user: signedInUser({ user_type: 'user', administrator_access: 'full' }) },
    '/api/administrators': { data: [owner] },
    '/api/account/plan': { ...plan, payments: false },
    '/departments': [],
  });
  const router = renderAt('/Administrator');
  return { router, invite: () => screen.findByRole('button', { name: 'Invite administrator' }) };
}

describe('Settings → Administrators', () => {
  it('with every seat used, disables Invite and says why, with the way to Upgrade Account', async () => {
    const { router, invite } = showAdministrators({ plan: 'basic', seats: 1, administrators: 1 });
    const why = await screen.findByText(
      /The Basic Plan allows 1 administrator\. Upgrade the plan to invite more\./,
      {},
      { timeout: 15_000 },
    );
    const button = await invite();
    expect((button as HTMLButtonElement).disabled).toBe(true);
    // The disabled button points to the notice that says why.
    const notice = document.getElementById(button.getAttribute('aria-describedby') ?? '')!;
    expect(notice.contains(why)).toBe(true);
    await userEvent.setup().click(within(notice).getByRole('link', { name: 'Upgrade Account' }));
    expect(router.state.location.pathname).toBe('/PricingUser');
  });

  it('with a seat free, opens the invite form', async () => {
    const { invite } = showAdministrators({ plan: 'pro', seats: 5, administrators: 1 });
    await screen.findByText(/1 of 5 administrator seats used/, {}, { timeout: 15_000 });
    const button = await invite();
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(/Upgrade the plan to invite more/)).toBeNull();
    await userEvent.setup().click(button);
    await screen.findByRole('button', { name: 'Send invitation' });
  });

  it('when the last seat is taken while the form is open, the refused invitation turns into the notice', async () => {
    logInAs('user');
    let plans = 0;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      const path = new URL(url, 'http://localhost').pathname;
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (path === '/api/account/plan')
        return json(200, { plan: 'basic', seats: 1, administrators: plans++ === 0 ? 0 : 1, payments: false });
      if (path === '/api/administrators' && init.method === 'POST')
        return json(422, {
          message: 'The Basic Plan allows 1 administrator. Upgrade the plan to invite more.',
        });
      if (path === '/api/administrators') return json(200, { data: [owner] });
      if (path === '/api/get-user')
        return json(200, { user: signedInUser({ user_type: 'user', administrator_access: 'full' }) });
      return json(200, []);
    });
    renderAt('/Administrator');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Invite administrator' }, { timeout: 15_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Invite administrator' });
    await fill(user, within(dialog).getByLabelText(/Name/), 'Sam Second');
    await fill(user, within(dialog).getByLabelText(/Email/), 'sam@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await within(dialog).findByText('All administrator seats are used');
    within(dialog).getByRole('link', { name: 'Upgrade Account' });
    expect(within(dialog).queryByRole('button', { name: 'Send invitation' })).toBeNull();
  });
});
