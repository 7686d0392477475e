import { messages } from '@punchclock/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../Providers';
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
});
