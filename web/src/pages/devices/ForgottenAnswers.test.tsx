import { fixClockOutPath, messages } from '@punchclock/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountSettings } from '../../test/fixtures';
import { logInAs, renderPage } from '../../test/render';
import { ForgottenAnswers } from './ForgottenAnswers';

const answer = (over: Record<string, unknown>) => ({
  id: 1,
  punch_id: 11,
  employee_ref: 7,
  employee_id: 'E1',
  employee_name: 'Ada Park',
  time_in: '2026-11-24T08:00:00.000Z',
  left_at: '2026-11-24T17:00:00.000Z',
  answered_at: '2026-11-25T08:00:00.000Z',
  station_id: 3,
  ...over,
});

describe('ForgottenAnswers (Punch issues)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the answers with Accept (when there is a time), Dismiss and Fix; Accept posts and the list is read again', async () => {
    logInAs('user');
    const posted: string[] = [];
    let list = [answer({}), answer({ id: 2, punch_id: 12, employee_name: 'Ben Skip', left_at: null })];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://localhost').pathname;
      let body: unknown = {};
      if (path === '/settings') body = [accountSettings()];
      if (path === '/api/forgotten-clock-outs') body = { data: list };
      if (init?.method === 'POST') {
        posted.push(path);
        list = list.filter((a) => !path.includes(`/${a.id}/`));
        body = { message: messages.forgotten.accepted };
      }
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    renderPage('/Device', <ForgottenAnswers />);
    const table = await screen.findByTestId('forgotten-answers', {}, { timeout: 10_000 });
    expect(table.textContent).toContain('Skipped the question');
    expect(
      screen.getAllByRole('button', { name: /^Accept / }).map((b) => b.getAttribute('aria-label')),
    ).toEqual(["Accept Ada Park's clock-out"]);
    expect(screen.getAllByRole('button', { name: /^Dismiss / })).toHaveLength(2);
    expect(screen.getByRole('link', { name: "Fix Ben Skip's clock-out" }).getAttribute('href')).toBe(
      fixClockOutPath(7, 12),
    );
    await userEvent.click(screen.getByRole('button', { name: "Accept Ada Park's clock-out" }));
    await waitFor(() => expect(posted).toEqual(['/api/forgotten-clock-outs/1/accept']));
    await waitFor(() => expect(screen.queryByText('Ada Park (E1)')).toBeNull());
  });
});
