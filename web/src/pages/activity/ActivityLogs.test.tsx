import { messages } from '@punchclock/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logInAs, renderAt, renderPage } from '../../test/render';
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
    const again = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 });
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
});
