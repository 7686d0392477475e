import { messages } from '@punchclock/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountSettings, loggedPunch } from '../../test/fixtures';
import { fakeApiByPath, logInAs, renderAt, renderPage } from '../../test/render';
import ActivityLogs from './ActivityLogs';

describe('Activity Logs', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('on a failed load says so with Try again, and no table claiming there are no logs', async () => {
    logInAs('user');
    let fail = true;
    vi.stubGlobal('fetch', async (url: string) => {
      const path = new URL(url, 'http://localhost').pathname;
      if (path === '/api/activity-logs' && fail) throw new TypeError('Failed to fetch');
      const body =
        path === '/api/activity-logs'
          ? { data: [], refs: {}, next_cursor: null, prev_cursor: null, total: 0 }
          : {};
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    renderPage('/ActivityLogs', <ActivityLogs />);
    const again = await screen.findByRole('button', { name: 'Try again' }, { timeout: 12_000 });
    expect(screen.queryByText(messages.general.noLogsRow)).toBeNull();
    fail = false;
    fireEvent.click(again);
    expect(await screen.findByText(messages.general.noLogsRow)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('keeps its filters and page in the address: a reload opens the same page, Back the one before', async () => {
    logInAs('user');
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      const u = new URL(url, 'http://localhost');
      if (u.pathname === '/api/activity-logs') asked.push(u.search);
      const body =
        u.pathname === '/api/activity-logs'
          ? {
              data: [],
              refs: {},
              current_page: u.searchParams.get('cursor') === 'p2' ? 2 : 1,
              next_cursor: 'p2',
              prev_cursor: null,
            }
          : u.pathname === '/api/activity-logs/count'
            ? { total: 100 }
            : {};
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    const router = renderAt('/ActivityLogs?action=punch.created');
    await waitFor(() => expect(asked.at(-1)).toContain('action=punch.created'));
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?action=punch.created&cursor=p2'));
    await waitFor(() => expect(asked.at(-1)).toContain('cursor=p2'));
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?action=punch.created'));
  });

  it("shows a logged punch's details in the account's formats, without raw dates or empty fields", async () => {
    logInAs('user');
    fakeApiByPath({
      '/settings': [accountSettings({ date_format: 'DD/MM/YY', time_format: '24 Hours', time_zone: 'UTC' })],
      '/api/activity-logs': {
        data: [
          {
            id: 1,
            action: 'punch.created',
            created_at: '2026-11-20T18:00:00.000Z',
            user_id: 7,
            user_name: 'Dana',
            employee_id: 5,
            employee_name: 'Kim Forklift',
            employee_code: 'W1',
            details: JSON.stringify({ new: loggedPunch }),
          },
        ],
        refs: { 'employee:5': 'Kim Forklift (W1)' },
        next_cursor: null,
        prev_cursor: null,
      },
      '/api/activity-logs/count': { total: 1 },
    });
    renderPage('/ActivityLogs', <ActivityLogs />);
    const table = await screen.findByTestId('activity-logs');
    await waitFor(() => expect(table.textContent).toContain('Date: 20/11/26'));
    expect(table.textContent).toContain('Time in: 09:00');
    expect(table.textContent).toContain('20/11/26 18:00');
    expect(table.textContent).not.toMatch(/2026-11-20|Out days later|Rounded|Display rounded|Late sync/);
  });
});
