import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adjustmentMessages } from '@punchclock/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../Providers';
import { payPeriod } from '../../test/fixtures';
import { logInAs } from '../../test/render';
import { AdjustmentModal } from './Adjustments';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const period = payPeriod('2026-11-16', '2026-11-22', {
  status: 'approved',
  approved_by: 'Dana',
  approved_at: '2026-11-23T08:00:00.000Z',
  checksum: 'abc',
});

/** The adjustment form (docs/RULES.md#adjustments): its own checks first, then the server's answer. */
describe('adjustment form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks the fields, sends minutes, and shows the server’s refusal under its field', async () => {
    logInAs('user');
    const sent: unknown[] = [];
    let answer = { status: 422, body: {} as unknown };
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      const path = new URL(url, 'http://localhost').pathname;
      if (path === '/api/search')
        return json(200, {
          employees: [{ id: 7, name: 'Abe Adjust', employee_id: 'A1', deleted_at: null }],
          next_cursor: null,
        });
      if (path === '/api/adjustments' && init.method !== 'GET' && init.body) {
        sent.push(JSON.parse(String(init.body)));
        return json(answer.status, answer.body);
      }
      return json(200, {});
    });
    const closed = vi.fn();
    const user = userEvent.setup();
    render(
      <Providers>
        <AdjustmentModal period={period} onClose={closed} />
      </Providers>,
    );
    const record = await screen.findByRole('button', { name: 'Record adjustment' });
    await user.click(record);
    expect(await screen.findByText('Employee is required.')).toBeTruthy();
    expect(screen.getByText(adjustmentMessages.zero)).toBeTruthy();
    expect(screen.getByText('Note is required.')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.click(await screen.findByRole('combobox', { name: /^Employee/ }));
    // The dropdown's open transition keeps it hidden to jsdom's eyes: its option is clicked regardless.
    const option = await waitFor(() =>
      within(screen.getByRole('listbox', { name: /^Employee/, hidden: true })).getByRole('option', {
        name: /Abe Adjust/,
        hidden: true,
      }),
    );
    fireEvent.click(option);
    await user.type(screen.getByRole('textbox', { name: /Hours/ }), '25');
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'Stock count');
    await user.click(record);
    expect(await screen.findByText(adjustmentMessages.tooLong)).toBeTruthy();
    expect(sent).toEqual([]);

    await user.clear(screen.getByRole('textbox', { name: /Hours/ }));
    await user.type(screen.getByRole('textbox', { name: /Hours/ }), '-1.25');
    answer = {
      status: 422,
      body: {
        message: adjustmentMessages.notLocked('2026-11-16'),
        code: 'adjustment.not_locked',
        errors: { date: [adjustmentMessages.notLocked('2026-11-16')] },
      },
    };
    await user.click(record);
    await waitFor(() =>
      expect(screen.getAllByText(adjustmentMessages.notLocked('2026-11-16')).length).toBe(2),
    );
    expect(sent).toEqual([
      { employee_id: 7, date: '2026-11-16', minutes: -75, pay: 'regular', note: 'Stock count' },
    ]);
    expect(closed).not.toHaveBeenCalled();

    answer = { status: 200, body: { message: adjustmentMessages.created, data: {} } };
    await user.click(record);
    await waitFor(() => expect(closed).toHaveBeenCalled());
  }, 60_000);
});
