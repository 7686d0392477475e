import type { PunchIssue } from '@punchclock/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountSettings } from '../../test/fixtures';
import { fakeApiByPath, logInAs, renderPage } from '../../test/render';
import { PunchIssues } from './PunchIssues';

const issue = (over: Partial<PunchIssue>): PunchIssue => ({
  id: 1,
  at: '2026-11-25T15:00:00.000Z',
  status: 'rejected',
  reason: 'Wrong PIN.',
  kind: 'in',
  device_time: '2026-11-25T14:00:00.000Z',
  time: '2026-11-25T14:00:00.000Z',
  station: 'Front door',
  employee_id: 'E1',
  employee_name: 'Ada Park',
  employee_ref: 7,
  ...over,
});

describe('PunchIssues', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers Accept only for a clock-in or clock-out of a known employee; every issue can be marked fixed', async () => {
    logInAs('user');
    fakeApiByPath({
      '/api/punch-conflicts': {
        data: [
          issue({ id: 1 }),
          // A break's start: the server cannot apply it (it answers "not a punch"), so it is entered by hand.
          issue({ id: 2, kind: 'break_start', employee_name: 'Ben Break' }),
          // An employee the server does not know.
          issue({ id: 3, employee_ref: null, employee_name: null, employee_id: 'ZZ9' }),
        ],
      },
      '/settings': [accountSettings()],
    });
    renderPage('/Device', <PunchIssues />);
    await screen.findByTestId('punch-issues', {}, { timeout: 10_000 });
    const accept = screen.getAllByRole('button', { name: /^Accept:/ });
    expect(accept.map((b) => b.getAttribute('aria-label'))).toEqual([
      expect.stringMatching(/^Accept: the Ada Park punch of /),
    ]);
    expect(screen.getAllByRole('button', { name: /^Mark fixed:/ })).toHaveLength(3);
  });

  it('lists the shifts open past the account’s limit, each with Fix to its clock-out', async () => {
    logInAs('user');
    fakeApiByPath({
      '/api/punch-conflicts': { data: [] },
      '/settings': [accountSettings()],
      '/api/dashboard': {
        time_zone: 'UTC',
        today: '2026-11-25',
        week_start: '2026-11-23',
        employee_count: 1,
        in_now: [],
        punches_today: 0,
        late_syncs_today: 0,
        late_arrivals_today: 0,
        forgotten_clock_outs: [
          {
            employee_ref: 7,
            employee_id: 'E1',
            name: 'Ada Park',
            department: 'Floor',
            since: '2026-11-24T06:00:00.000Z',
            fix_path: '/ManualPunch/7?edit=70',
          },
        ],
        forgotten_after_minutes: 600,
        hours_by_department: [],
      },
    });
    renderPage('/Device', <PunchIssues />);
    const list = await screen.findByTestId('forgotten-shifts', {}, { timeout: 10_000 });
    expect(list.textContent).toContain('Shifts still open after 10 hours.');
    const fix = screen.getByRole('link', { name: "Fix Ada Park's clock-out" });
    expect(fix.getAttribute('href')).toBe('/ManualPunch/7?edit=70');
  });

  it('shows older issues a page at a time with Show older, until there are none', async () => {
    logInAs('user');
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      const u = new URL(url, 'http://localhost');
      let body: unknown = [accountSettings()];
      if (u.pathname === '/api/punch-conflicts') {
        asked.push(u.search);
        body = u.searchParams.get('before')
          ? { data: [issue({ id: 5, employee_name: 'Older Olga' })], next_before: null }
          : { data: [issue({ id: 9, employee_name: 'Newer Nora' })], next_before: 9 };
      }
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    renderPage('/Device', <PunchIssues />);
    await screen.findByTestId('punch-issues', {}, { timeout: 10_000 });
    expect(screen.queryByText(/Older Olga/)).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show older' }));
    expect(await screen.findByText(/Older Olga/)).toBeTruthy();
    expect(screen.getByText(/Newer Nora/)).toBeTruthy();
    expect(asked).toEqual(['', '?before=9']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull());
  });
});
