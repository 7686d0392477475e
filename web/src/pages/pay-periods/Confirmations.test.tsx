import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@punchclock/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../Providers';
import { payPeriod, signedInUser } from '../../test/fixtures';
import { logInAs, renderPage } from '../../test/render';
import { TimesheetCard } from '../employee/TimesheetCard';
import PayPeriodsPage from './PayPeriodsPage';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Records every call and answers by method and path with `answers`, the rest `{}`. */
function fakeApi(answers: Record<string, (body: unknown) => { status?: number; body: unknown }>) {
  const sent: { key: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${new URL(url, 'http://localhost').pathname}`;
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ key, body });
    const a = answers[key]?.(body) ?? { body: {} };
    return json(a.status ?? 200, a.body);
  });
  return sent;
}

const period = payPeriod;

/**
 * Timesheet confirmations on screen (docs/RULES.md#pay-periods): the approver's option and who confirmed on Pay
 * Periods; the employee's My timesheet with their period's punches, Confirm timesheet and the confirmed time.
 */
describe('timesheet confirmations', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('Pay Periods lists who confirmed each period and turns the option on', async () => {
    logInAs('user');
    const sent = fakeApi({
      'GET /api/get-user': () => ({
        body: { user: signedInUser({ user_type: 'user', time_zone: 'UTC', administrator_access: 'full' }) },
      }),
      'GET /api/adjustments': () => ({ body: { data: [] } }),
      'GET /api/pay-periods': () => ({
        body: {
          data: [
            period('2026-11-09', '2026-11-15', {
              confirmations: [
                {
                  employee_ref: 3,
                  employee_id: 'E3',
                  employee_name: 'Cora Confirm',
                  confirmed_at: '2026-11-16T08:00:00Z',
                },
              ],
              confirmations_count: 1,
            }),
          ],
        },
      }),
      'GET /api/pay-periods/confirm-settings': () => ({ body: { employees_confirm: false } }),
      'PUT /api/pay-periods/confirm-settings': (b) => ({
        body: { message: messages.confirmations.settingSaved(true), data: b },
      }),
    });
    renderPage('/PayPeriods', <PayPeriodsPage />);
    const cell = await screen.findByTestId('confirmations');
    expect(within(cell).getByText('1 confirmed')).toBeTruthy();
    expect(within(cell).getByText('Cora Confirm')).toBeTruthy();
    const option = screen.getByRole('checkbox', {
      name: new RegExp(`^${messages.confirmations.optionLabel}`),
    });
    await waitFor(() => expect((option as HTMLInputElement).disabled).toBe(false));
    await userEvent.click(option);
    await waitFor(() =>
      expect(sent.find((s) => s.key === 'PUT /api/pay-periods/confirm-settings')?.body).toEqual({
        employees_confirm: true,
      }),
    );
  });

  it("shows the employee's last period with its punches and total, and confirms it", async () => {
    logInAs('employee');
    let confirmed: string | null = null;
    const mine = () => ({
      body: {
        employees_confirm: true,
        data: [
          {
            ...period('2026-11-16', '2026-11-22', { ended: false }),
            confirmed_at: null,
            punches: [],
            worked_minutes: 0,
          },
          {
            ...period('2026-11-09', '2026-11-15', { status: 'approved' }),
            confirmed_at: confirmed,
            punches: [
              {
                date: '2026-11-09',
                type: 'None',
                time_in: '2026-11-09T09:00:00Z',
                time_out: '2026-11-09T17:30:00Z',
                minutes: 510,
              },
              {
                date: '2026-11-10',
                type: 'None',
                time_in: '2026-11-10T08:00:00Z',
                time_out: '2026-11-10T12:15:00Z',
                minutes: 255,
              },
            ],
            worked_minutes: 765,
          },
        ],
      },
    });
    const sent = fakeApi({
      'GET /api/get-user': () => ({
        body: { user: signedInUser({ user_type: 'employee', time_zone: 'UTC' }) },
      }),
      'GET /api/pay-periods/mine': mine,
      'POST /api/pay-periods/confirm': (b) => {
        confirmed = '2026-11-23T10:00:00Z';
        return {
          body: {
            message: messages.confirmations.confirmed('2026-11-09', '2026-11-15'),
            data: { ...(b as object), end_date: '2026-11-15', confirmed_at: confirmed },
          },
        };
      },
    });
    render(
      <Providers>
        <TimesheetCard />
      </Providers>,
    );
    const card = await screen.findByTestId('timesheet-card');
    expect(within(card).getByTestId('timesheet-total').textContent).toBe('Total worked: 12.75 h');
    expect(within(card).getByText('8.50')).toBeTruthy();
    expect(within(card).getByText('4.25')).toBeTruthy();
    // Approved: its days carry the lock.
    expect(within(card).getAllByRole('img', { name: messages.punches.lockedHint }).length).toBeGreaterThan(1);
    await userEvent.click(within(card).getByRole('button', { name: messages.confirmations.confirmButton }));
    await waitFor(() =>
      expect(sent.find((s) => s.key === 'POST /api/pay-periods/confirm')?.body).toEqual({
        start_date: '2026-11-09',
      }),
    );
    expect(await within(card).findByText(/^Confirmed /)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: messages.confirmations.confirmButton })).toBeNull();
  });

  it('shows nothing while the account does not ask for confirmations', async () => {
    logInAs('employee');
    fakeApi({
      'GET /api/get-user': () => ({ body: { user: signedInUser({ user_type: 'employee' }) } }),
      'GET /api/pay-periods/mine': () => ({ body: { employees_confirm: false, data: [] } }),
    });
    render(
      <Providers>
        <TimesheetCard />
      </Providers>,
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('timesheet-card')).toBeNull();
  });
});
