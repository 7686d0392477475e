import { messages } from '@punchclock/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '../api/auth';
import { queryClient } from '../api/queryClient';
import { Providers } from '../Providers';
import { dayIn, signedInUser, zoneOnAnotherDay } from '../test/fixtures';
import { fakeFetch, logInAs } from '../test/render';
import { EarningsModal } from './EarningsModal';

const answer = {
  message: 'Earnings and deductions.',
  data: {
    employee: { id: 3, employee_id: 'E7', name: 'Pat Payday' },
    start_date: '2026-01-01',
    end_date: '2026-01-31',
    rate_cents: 1875,
    week_start: 'Monday',
    earnings: {
      daily: { '2026-01-05': 14063, '2026-01-06': 15219 },
      weekly: { '2026-01-05': 29282 },
      monthly: { '2026-01': 29282 },
    },
    deductions: {
      daily: [
        {
          date_or_key: '2026-01-05',
          deduction_type: 'Auto',
          minutes: 30,
          deduction_percentage: 6.25,
          original_earnings: 15000,
          deduction_amount: 937,
          earnings_after_deduction: 14063,
        },
      ],
      weekly: [],
      monthly: [],
    },
    days: [],
    totals: {
      worked_minutes: 967,
      deducted_minutes: 30,
      manual_break_minutes: 0,
      paid_minutes: 937,
      original_earnings: 30219,
      deduction_amount: 937,
      earnings: 29282,
      // The pay pipeline's split (no pay rules: all regular): 937 min = 15.62 h × $18.75 = $292.88.
      regular_minutes: 937,
      overtime_minutes: 0,
      double_time_minutes: 0,
      premium_cents: 0,
      gross_cents: 29288,
    },
  },
};

const show = () =>
  render(
    <Providers>
      <EarningsModal opened onClose={() => {}} />
    </Providers>,
  );

describe('Earnings and Deductions dialog', () => {
  it('says the Employee ID is missing, and asks nothing, when login stored none', async () => {
    logInAs('employee');
    localStorage.removeItem('employee_id');
    const api = fakeFetch();
    vi.stubGlobal('fetch', api.fetch);
    show();
    expect(await screen.findByText(messages.deductions.noEmployeeId)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('says the data could not be fetched when the server fails', async () => {
    logInAs('employee');
    localStorage.setItem('employee_id', 'E7');
    vi.stubGlobal('fetch', fakeFetch({ status: 500, body: { message: 'boom' } }).fetch);
    show();
    expect(await screen.findByText(messages.deductions.fetchFailed)).toBeTruthy();
  });

  it("shows the period's totals, each day's earnings in dollars and the Auto deduction", async () => {
    logInAs('employee');
    localStorage.setItem('employee_id', 'E7');
    const api = fakeFetch({ body: answer });
    vi.stubGlobal('fetch', api.fetch);
    show();
    expect((await screen.findByTestId('earnings-total')).textContent).toBe('$292.82');
    expect(screen.getByTestId('earnings-paid-hours').textContent).toBe('15.62');
    expect(within(screen.getByTestId('earnings-daily-2026-01-05')).getByText('$140.63')).toBeTruthy();
    const deductions = screen.getByTestId('deductions-daily');
    expect(within(deductions).getByText('$9.37')).toBeTruthy();
    expect(within(deductions).getByText('6.25%')).toBeTruthy();
    const body = JSON.parse(String(api.calls[0].init.body));
    expect(api.calls[0].url).toBe('/api/with-deductions');
    expect(body.employee_id).toBe('E7');
    expect(body.start_date <= body.end_date).toBe(true);
  });
  it("shows days in the account's Date Format (DD/MM/YY here), with their weekday", async () => {
    logInAs('employee');
    localStorage.setItem('employee_id', 'E7');
    queryClient.setQueryData(authKeys.user, signedInUser({ date_format: 'DD/MM/YY' }));
    vi.stubGlobal('fetch', fakeFetch({ body: answer }).fetch);
    show();
    const day = await screen.findByTestId('earnings-daily-2026-01-06');
    expect(within(day).getByText('Tue 06/01/26')).toBeTruthy();
    expect(within(screen.getByTestId('deductions-daily')).getByText('Mon 05/01/26')).toBeTruthy();
    expect(screen.getByText('Thu 01/01/26 – Sat 31/01/26')).toBeTruthy();
    queryClient.clear();
  });
});

describe("Earnings and Deductions dialog's periods", () => {
  afterEach(() => {
    vi.useRealTimers();
    queryClient.clear();
  });

  it("counts This year up to the account's today, not the browser's", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T02:40:00Z'));
    // 02:40 UTC is still the 25th at UTC-11 and already the 26th at UTC+14: the account's zone is whichever of
    // the two does not share the browser's day.
    const zone = zoneOnAnotherDay();
    logInAs('employee');
    localStorage.setItem('employee_id', 'E7');
    // The signed-in user as the employee layout has loaded it.
    queryClient.setQueryData(authKeys.user, { user_id: 7, user_type: 'employee', time_zone: zone });
    const api = fakeFetch({ body: answer }, { body: answer });
    vi.stubGlobal('fetch', api.fetch);
    show();
    await screen.findByTestId('earnings-total');
    fireEvent.click(screen.getByRole('button', { name: 'This year' }));
    await waitFor(() => expect(api.calls).toHaveLength(2));
    expect(JSON.parse(String(api.calls[1].init.body))).toMatchObject({
      start_date: `${dayIn(zone).slice(0, 4)}-01-01`,
      end_date: dayIn(zone),
    });
  });
});
