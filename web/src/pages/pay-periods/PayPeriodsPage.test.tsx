import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalsHost } from '../../layouts/ModalsHost';
import { payPeriod, signedInUser } from '../../test/fixtures';
import { logInAs, renderPage } from '../../test/render';
import PayPeriodsPage from './PayPeriodsPage';

const period = payPeriod;

/**
 * GET /api/pay-periods answers an approved week and an open one, get-user a manager in UTC; POSTs are recorded and
 * answered by `answer` (approval refused with its list by default).
 */
function fakePeriodsApi(answer: (path: string) => { status: number; body: unknown }) {
  const sent: { path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = new URL(url, 'http://localhost').pathname;
    let res: { status: number; body: unknown };
    if (path === '/api/get-user')
      res = {
        status: 200,
        body: { user: signedInUser({ user_type: 'user', time_zone: 'UTC', administrator_access: 'full' }) },
      };
    else if (path === '/api/adjustments') res = { status: 200, body: { data: [] } };
    else if ((init.method ?? 'GET') === 'GET')
      res = {
        status: 200,
        body: {
          data: [
            period('2026-11-09', '2026-11-15', {
              status: 'approved',
              approved_by: 'Avery Manager',
              approved_at: '2026-11-17T09:00:00.000Z',
              checksum: 'ab'.repeat(32),
              reviews: [
                {
                  department_id: 1,
                  department: 'Floor',
                  reviewed_by: 'Sid',
                  reviewed_at: '2026-11-16T09:00:00.000Z',
                },
              ],
            }),
            period('2026-11-16', '2026-11-22'),
          ],
        },
      };
    else {
      sent.push({ path, body: JSON.parse(String(init.body)) });
      res = answer(path);
    }
    return new Response(JSON.stringify(res.body), {
      status: res.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return sent;
}

/** The page with the modals' host, as the app shows it. */
const renderPayPeriods = () =>
  renderPage(
    '/PayPeriods',
    <>
      <PayPeriodsPage />
      <ModalsHost />
    </>,
  );

describe('Pay Periods page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('approves an ended period after the confirm and shows the list of what holds it back', async () => {
    logInAs('user');
    const sent = fakePeriodsApi(() => ({
      status: 422,
      body: {
        message: 'This pay period cannot be approved yet: 1 item needs attention first.',
        code: 'period.needs_attention',
        errors: { blockers: ['Wes Worker: Forgotten clock-out: clocked in since 2026-11-18T08:00:00.000Z.'] },
      },
    }));
    const user = userEvent.setup();
    renderPayPeriods();
    const approve = await screen.findByRole('button', { name: 'Approve' }, { timeout: 15_000 });
    expect(screen.getByText('Avery Manager, 2026-11-17')).toBeTruthy();
    expect(screen.getByText('Floor')).toBeTruthy();
    await user.click(approve);
    const dialog = await screen.findByRole('dialog');
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(sent).toEqual([{ path: '/api/pay-periods/approve', body: { start_date: '2026-11-16' } }]),
    );
    expect(await screen.findByText(/cannot be approved yet/)).toBeTruthy();
    expect(screen.getByText(/Wes Worker: Forgotten clock-out/)).toBeTruthy();
  }, 60_000);

  it('reopens an approved period only with a reason', async () => {
    logInAs('user');
    const sent = fakePeriodsApi(() => ({
      status: 200,
      body: {
        message: 'Pay period 2026-11-09 to 2026-11-15 reopened.',
        data: period('2026-11-09', '2026-11-15'),
      },
    }));
    const user = userEvent.setup();
    renderPayPeriods();
    await user.click(await screen.findByRole('button', { name: 'Reopen' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    expect(await within(dialog).findByText('Reason is required.')).toBeTruthy();
    expect(sent).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Wrong lunch on Tuesday');
    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          path: '/api/pay-periods/reopen',
          body: { start_date: '2026-11-09', reason: 'Wrong lunch on Tuesday' },
        },
      ]),
    );
  }, 60_000);
});
