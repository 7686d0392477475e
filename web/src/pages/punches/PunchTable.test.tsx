import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PunchRow } from '@punchclock/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../Providers';
import { punchRow } from '../../test/fixtures';
import { fakeApiByPath, logInAs } from '../../test/render';
import { PunchTable } from './PunchTable';

const punch = (id: number, timeIn: string, timeOut: string | null): PunchRow =>
  punchRow({
    id,
    date: '2026-11-24',
    time_in: timeIn,
    time_out: timeOut,
    hours: timeOut ? 8 : null,
    source: 'station',
    rounded_time_in: timeIn,
    rounded_time_out: timeOut,
  });

/** The punch page and the signed-in user (the punch form reads the account's zone). */
const stubApi = (rows: PunchRow[]) =>
  fakeApiByPath({
    '/api/manual-punches/4': { data: rows, next_cursor: null, prev_cursor: null },
    '/api/get-user': {
      user: { user_id: 7, name: 'Dana', user_type: 'user', time_zone: 'UTC', company_name: 'Acme' },
    },
  });

describe('PunchTable', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("opens the edit dialog of the punch the dashboard's Fix names, once", async () => {
    logInAs('user');
    // The open shift the manager came to close, newest first as the server answers.
    stubApi([punch(31, '08:59', null), punch(30, '09:00', '17:00')]);
    render(
      <Providers>
        <PunchTable employeeId={4} editPunchId={31} />
      </Providers>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit punch' });
    expect((screen.getByLabelText('Time In') as HTMLInputElement).value).toBe('08:59');
    expect((screen.getByLabelText('Time Out') as HTMLInputElement).value).toBe('');
    // Closed, it stays closed (the list is still on the page).
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(screen.getByTestId('punch-table')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens no dialog without a punch to fix, or for a punch not on the page', async () => {
    logInAs('user');
    stubApi([punch(30, '09:00', '17:00')]);
    render(
      <Providers>
        <PunchTable employeeId={4} editPunchId={99} />
      </Providers>,
    );
    await screen.findByTestId('punch-table');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('PunchTable deduction', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a deduction on Lunch and Break punches only: a work punch has none', async () => {
    logInAs('user');
    stubApi([
      { ...punch(41, '12:30', '17:00'), type: 'None' },
      { ...punch(40, '12:00', '12:30'), type: 'Lunch', deduction: 'Auto' },
      { ...punch(39, '10:00', '10:15'), type: 'Break', deduction: 'Manual' },
    ]);
    render(
      <Providers>
        <PunchTable employeeId={4} />
      </Providers>,
    );
    const table = await screen.findByTestId('punch-table');
    const column = [...table.querySelectorAll('thead th')].findIndex((th) => th.textContent === 'Deduction');
    const deduction = (id: number) =>
      screen.getByTestId(`punch-${id}`).querySelectorAll('td')[column].textContent;
    expect(deduction(41)).toBe('-');
    expect(deduction(40)).toBe('Auto');
    expect(deduction(39)).toBe('Manual');
  });

  it('shows a lock instead of Edit and Delete on a punch in an approved pay period', async () => {
    logInAs('user');
    stubApi([punch(41, '09:00', '17:00'), { ...punch(40, '09:00', '17:00'), locked: true }]);
    render(
      <Providers>
        <PunchTable employeeId={4} />
      </Providers>,
    );
    const locked = await screen.findByTestId('punch-40');
    expect(locked.textContent).toContain('Locked');
    expect(locked.querySelector('[aria-label^="Edit punch"]')).toBeNull();
    expect(locked.querySelector('[aria-label^="Delete punch"]')).toBeNull();
    const open = screen.getByTestId('punch-41');
    expect(open.textContent).not.toContain('Locked');
    expect(open.querySelector('[aria-label^="Edit punch"]')).not.toBeNull();
  });
});
