import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type PunchRow } from '@punchclock/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../Providers';
import { punchRow } from '../../test/fixtures';
import { fakeApiByPath, fill, logInAs } from '../../test/render';
import { PunchCard } from '../employee/PunchCards';
import { EditPunchModal } from './PunchDialogs';
import { NewPunchForm } from './NewPunchForm';
import { PunchTable } from './PunchTable';

const punch = (id: number, locked: boolean): PunchRow => punchRow({ id, locked });
const user = {
  user: { user_id: 7, name: 'Dana', user_type: 'user', time_zone: 'UTC', company_name: 'Acme' },
};
const lockedMessage = messages.payPeriods.locked('2026-11-09', '2026-11-15');

/**
 * The lock of an approved pay period on punches (docs/RULES.md#pay-periods): a lock icon with its why on a locked
 * row and card (none on an open one), no Edit or Delete on a locked row, the edit form of a locked punch taking no
 * input, and the server's 423 refusal shown in the form with the period it names.
 */
describe('locked punches', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('marks a locked row with a lock and its why, and offers no Edit or Delete on it', async () => {
    logInAs('user');
    fakeApiByPath({
      '/api/manual-punches/4': {
        data: [punch(31, true), punch(32, false)],
        next_cursor: null,
        prev_cursor: null,
      },
      '/api/get-user': user,
    });
    render(
      <Providers>
        <PunchTable employeeId={4} />
      </Providers>,
    );
    const locked = await screen.findByTestId('punch-31');
    expect(within(locked).getByRole('img', { name: messages.punches.lockedHint })).toBeTruthy();
    expect(within(locked).queryByRole('button', { name: /Edit punch/ })).toBeNull();
    const open = screen.getByTestId('punch-32');
    expect(within(open).queryByTestId('locked-mark')).toBeNull();
    expect(within(open).getByRole('button', { name: /Edit punch/ })).toBeTruthy();
  });

  it('marks a locked card, and not an open one', () => {
    render(
      <Providers>
        <MemoryRouter>
          <PunchCard p={punch(31, true)} />
          <PunchCard p={punch(32, false)} />
        </MemoryRouter>
      </Providers>,
    );
    expect(
      within(screen.getByTestId('punch-card-31')).getByRole('img', { name: messages.punches.lockedHint }),
    ).toBeTruthy();
    expect(within(screen.getByTestId('punch-card-32')).queryByTestId('locked-mark')).toBeNull();
  });

  it('says up front that a locked punch cannot be edited, with every field and Save disabled', async () => {
    logInAs('user');
    fakeApiByPath({ '/api/get-user': user });
    render(
      <Providers>
        <EditPunchModal punch={punch(31, true)} onClose={() => undefined} />
      </Providers>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit punch' });
    expect(within(dialog).getByText(messages.punches.lockedHint)).toBeTruthy();
    // Disabled by the form's fieldset, as the browser does it.
    for (const label of ['Date', 'Time In', 'Time Out', 'Notes'])
      expect(
        within(dialog)
          .getByLabelText(new RegExp(`^${label}`))
          .matches(':disabled'),
        label,
      ).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's 423 period.locked message, naming the period, in the form", async () => {
    logInAs('user');
    const posted: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      const path = new URL(url, 'http://localhost').pathname;
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (path === '/api/manual-punches' && init.method === 'POST') {
        posted.push(String(init.body));
        return json(423, { message: lockedMessage, code: 'period.locked' });
      }
      return json(200, path === '/api/get-user' ? user : {});
    });
    const u = userEvent.setup();
    render(
      <Providers>
        <NewPunchForm employeeId={4} onCreated={() => undefined} />
      </Providers>,
    );
    const date = screen.getByLabelText('Date');
    await u.clear(date);
    await fill(u, date, '2026-11-10');
    await fill(u, screen.getByLabelText(/Time In/), '09:00');
    await fill(u, screen.getByLabelText(/Time Out/), '17:00');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(lockedMessage);
    expect(alert.textContent).toContain('Pay period locked');
    await waitFor(() => expect(posted).toHaveLength(1));
  });
});
