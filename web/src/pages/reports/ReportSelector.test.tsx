import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REPORTS } from '@punchclock/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { Providers } from '../../Providers';
import { signedInUser } from '../../test/fixtures';
import { fakeApiByPath, logInAs } from '../../test/render';
import ReportSelector from './ReportSelector';

function Where() {
  const at = useLocation();
  return <p data-testid="at">{at.pathname + at.search}</p>;
}

function open() {
  logInAs('user');
  fakeApiByPath({
    '/api/get-user': { user: signedInUser({ user_type: 'user', administrator_access: 'full' }) },
  });
  const router = createMemoryRouter(
    [
      { path: '/ReportSelector', element: <ReportSelector /> },
      { path: '/RunReport', element: <Where /> },
    ],
    { initialEntries: ['/ReportSelector'] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

const groupOf = (name: string) => screen.getByRole('region', { name });

describe('Reports (the selector)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows every report as a card under its group, with the one line the registry gives it', async () => {
    open();
    await screen.findByRole('heading', { name: 'Time' });
    await waitFor(() => expect(screen.getAllByRole('link', { name: /Device Status/ })).toHaveLength(1));
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Time',
      'Pay',
      'Attendance',
      'Lists',
    ]);
    const daily = within(groupOf('Time')).getByRole('link', { name: /^Daily Summary/ });
    expect(daily.textContent).toContain(REPORTS.find((r) => r.name === 'Daily Summary')!.description);
    expect(within(groupOf('Pay')).getByRole('link', { name: /^Payroll Summary/ })).toBeTruthy();
    expect(within(groupOf('Attendance')).getByRole('link', { name: /^Attendance Counter/ })).toBeTruthy();
    expect(within(groupOf('Lists')).getByRole('link', { name: /^Employee List/ })).toBeTruthy();
    // The 16 reports of the old dropdown, Late and Absent, Rounding Effect and Payroll Export, each once (a simple
    // name that aliases a named one is not repeated).
    const cards = screen.getAllByRole('link');
    expect(cards).toHaveLength(19);
    expect(new Set(cards.map((c) => c.firstChild?.textContent)).size).toBe(19);
    expect(within(groupOf('Pay')).getByRole('link', { name: /^Payroll Export/ })).toBeTruthy();
    expect(within(groupOf('Attendance')).getByRole('link', { name: /^Late and Absent/ })).toBeTruthy();
    expect(within(groupOf('Pay')).getByRole('link', { name: /^Rounding Effect/ })).toBeTruthy();
    for (const c of cards) expect(c.childNodes[1]?.textContent?.length).toBeGreaterThan(20);
  });

  it("opens the chosen report's form in one click", async () => {
    open();
    await userEvent.click(await screen.findByRole('link', { name: /^Attendance Counter/ }));
    expect((await screen.findByTestId('at')).textContent).toBe('/RunReport?report=attendance-counter');
  });
});
