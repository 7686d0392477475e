import { messages } from '@punchclock/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logInAs, renderPage } from '../../test/render';
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
});
