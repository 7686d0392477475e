import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signedInUser } from '../../test/fixtures';
import { logInAs, renderAt } from '../../test/render';

const employee = (id: number, name: string, clocked_in: boolean) => ({
  id,
  user_id: 7,
  employee_id: `E${id}`,
  name,
  title: 'Picker',
  email: `${name.split(' ')[0].toLowerCase()}@example.com`,
  department_id: 1,
  department_name: 'Warehouse',
  hourly_rate: '20.00',
  has_pin: false,
  status: 'active',
  clocked_in,
  has_login: false,
  permission_app: true,
  permission_site: false,
  deleted_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});
const staff = [employee(1, 'Ava Garcia', true), employee(2, 'Liam Smith', false)];

/** The page's calls, answered by path; the bodies of the searches asked are kept. */
function stubApi() {
  const searches: Record<string, unknown>[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/search') searches.push(JSON.parse(String(init.body)) as Record<string, unknown>);
    const answers: Record<string, unknown> = {
      '/api/employees': { data: staff, next_cursor: null, prev_cursor: null, total: 2 },
      '/api/search': { employees: staff, next_cursor: null, prev_cursor: null, total: 2 },
      '/departments': [],
      '/api/get-user': { user: signedInUser({ user_type: 'user', administrator_access: 'full' }) },
    };
    return new Response(JSON.stringify(answers[path] ?? {}), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return searches;
}

/** Whether the screen is as wide as a desktop: the stub answers every media query alike. */
function screenIsWide(wide: boolean) {
  vi.mocked(window.matchMedia).mockImplementation(
    (query: string) =>
      ({
        matches: wide,
        media: query,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        addListener: vi.fn(),
        removeListener: vi.fn(),
      }) as unknown as MediaQueryList,
  );
}

describe('Employees page', () => {
  it('starts at Status All, lists the In and the Out employee, and Clear Search goes back to All', async () => {
    screenIsWide(true);
    const searches = stubApi();
    logInAs('user');
    renderAt('/Employee');
    const list = await screen.findByTestId('employee-list', {}, { timeout: 15_000 });
    await within(list).findByText('Ava Garcia');
    within(list).getByText('Liam Smith');
    const all = screen.getByRole('radio', { name: 'All' }) as HTMLInputElement;
    expect(all.checked).toBe(true);

    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'In' }));
    await user.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect((screen.getByRole('radio', { name: 'All' }) as HTMLInputElement).checked).toBe(true);

    // Searching with the panel as it starts asks for every status: what the list showed before.
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(searches).toHaveLength(1));
    expect(searches[0]).toMatchObject({ status: 'All' });
    // A lazy page and four clicks: more than the default 15 s on a loaded machine.
  }, 30_000);

  it('shows one card per employee on a phone, with the same actions, and no table', async () => {
    screenIsWide(false);
    stubApi();
    logInAs('user');
    renderAt('/Employee');
    const cards = await screen.findByTestId('employee-cards', {}, { timeout: 15_000 });
    const ava = await within(cards).findByTestId('employee-card-1');
    within(ava).getByRole('link', { name: 'Ava Garcia' });
    within(ava).getByText('E1');
    within(ava).getByText('ava@example.com');
    within(ava).getByRole('button', { name: 'Edit Ava Garcia' });
    within(ava).getByRole('checkbox', { name: 'Select Ava Garcia' });
    within(cards).getByTestId('employee-card-2');
    expect(screen.queryByTestId('employee-list')).toBeNull();
  });
});
