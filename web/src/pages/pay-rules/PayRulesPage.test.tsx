import { messages } from '@punchclock/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInUser } from '../../test/fixtures';
import { logInAs, renderPage } from '../../test/render';
import PayRulesPage from './PayRulesPage';

/** GET /api/pay-rules answers no rules yet, get-user a manager in UTC; PUTs and previews are recorded. */
function fakePayRulesApi(status = 200) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = new URL(url, 'http://localhost').pathname;
    const method = init.method ?? 'GET';
    if (method !== 'GET') sent.push({ method, path, body: JSON.parse(String(init.body)) });
    const body =
      path === '/api/get-user'
        ? { user: signedInUser({ user_type: 'user', time_zone: 'UTC', administrator_access: 'full' }) }
        : status !== 200
          ? { message: 'You do not have permission to do this.', code: 'forbidden' }
          : { current: null, history: [] };
    return new Response(JSON.stringify(body), {
      status: path === '/api/get-user' ? 200 : status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return sent;
}

describe('Pay Rules page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses bad input by the field before anything is sent', async () => {
    logInAs('user');
    const sent = fakePayRulesApi();
    const user = userEvent.setup();
    renderPage('/PayRules', <PayRulesPage />);
    const overtime = await screen.findByLabelText('Daily overtime after (minutes)', {}, { timeout: 15_000 });
    expect(screen.getByText('None set yet: every paid minute is regular.')).toBeTruthy();

    // Double time before overtime, a negative grace, a multiplier under 1 and an effective day that is none.
    fireEvent.change(overtime, { target: { value: '480' } });
    fireEvent.change(screen.getByLabelText('Daily double time after (minutes)'), {
      target: { value: '400' },
    });
    fireEvent.change(screen.getByLabelText('Late grace (minutes)'), { target: { value: '-5' } });
    fireEvent.change(screen.getByLabelText('Overtime multiplier'), { target: { value: '0.5' } });
    fireEvent.change(screen.getByLabelText(/Effective from/), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.payRules.minutes('late_grace_minutes'))).toBeTruthy();
    expect(screen.getByText(messages.payRules.multiplier('overtime_multiplier'))).toBeTruthy();
    expect(screen.getByText('Date must be in the form YYYY-MM-DD.')).toBeTruthy();
    // Preview checks the same rules and its period (an end before the start).
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true'));
    expect(sent).toEqual([]);
  }, 60_000);

  it("shows the server's refusal when the rules cannot be read (a department-scoped administrator)", async () => {
    logInAs('user');
    fakePayRulesApi(403);
    renderPage('/PayRules', <PayRulesPage />);
    expect(
      await screen.findByText('You do not have permission to do this.', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
