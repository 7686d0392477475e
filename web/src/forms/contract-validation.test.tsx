import {
  controlCharactersMessage,
  type CustomFieldView,
  type EmployeeView,
  type PunchIssue,
} from '@punchclock/contract';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AcceptPunchModal } from '../pages/devices/AcceptPunchModal';
import { CustomFieldForm } from '../pages/fields/CustomFieldForm';
import { CorrectRateModal } from '../pages/people/CorrectRateModal';
import { EditEmployeeModal } from '../pages/people/EditEmployeeModal';
import { fill, logInAs, renderPage } from '../test/render';

/**
 * Each form checks its values with the contract's schema before it sends them: a value the server would refuse
 * shows the server's own sentence by its field, and no request that would change anything is made.
 */

/** Answers every GET with an empty object and records the calls that would change something. */
function stubApi(answers: Record<string, unknown> = {}) {
  const writes: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = new URL(url, 'http://localhost').pathname;
    if ((init.method ?? 'GET') !== 'GET') writes.push(`${init.method} ${path}`);
    return new Response(JSON.stringify(answers[path] ?? {}), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return writes;
}

const employee = {
  id: 4,
  user_id: 7,
  employee_id: 'E4',
  name: 'Emma Rossi',
  title: null,
  email: null,
  department_id: 1,
  department_name: 'Floor',
  hourly_rate: '20.00',
  has_pin: false,
  status: 'active',
  clocked_in: false,
  has_login: false,
  deleted_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  custom_fields: {},
} as unknown as EmployeeView;

describe('forms validate with the contract', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('Edit Employee: an Employee ID the server refuses', async () => {
    logInAs('user');
    const writes = stubApi({ '/departments': [{ id: 1, dp_name: 'Floor' }] });
    renderPage('/', <EditEmployeeModal employee={employee} onClose={() => {}} />);
    const user = userEvent.setup();
    const id = await screen.findByLabelText(/Employee ID/);
    await user.clear(id);
    await fill(user, id, 'E#4');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText('Employee ID may hold letters, digits, spaces and . - _ / only.'),
    ).toBeTruthy();
    expect(id.getAttribute('aria-invalid')).toBe('true');
    expect(writes).toEqual([]);
  });

  it('Correct Hourly Rate: a rate too large for the server', async () => {
    logInAs('user');
    const writes = stubApi();
    renderPage('/', <CorrectRateModal employee={employee} opened onClose={() => {}} />);
    const user = userEvent.setup();
    const rate = await screen.findByLabelText('Hourly Rate ($)');
    await user.clear(rate);
    await fill(user, rate, '123456789');
    await user.click(screen.getByRole('button', { name: 'Save Rate' }));
    expect(
      await screen.findByText('Hourly rate must be a number of at least 0 with at most 2 decimals.'),
    ).toBeTruthy();
    expect(writes).toEqual([]);
  });

  it('Accept punch: a date outside the days the server takes', async () => {
    logInAs('user');
    const writes = stubApi();
    const issue = {
      id: 9,
      employee_name: 'Emma Rossi',
      employee_id: 'E4',
      kind: 'in',
      device_time: '2026-01-05T14:00:00.000Z',
      station: 'Front',
      reason: 'Overlaps another punch.',
    } as unknown as PunchIssue;
    renderPage('/', <AcceptPunchModal issue={issue} onClose={() => {}} />);
    fireEvent.change(await screen.findByLabelText(/Date/), { target: { value: '1800-01-01' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept punch' }));
    expect(await screen.findByText('Date must lie between 1900-01-01 and 9998-12-31.')).toBeTruthy();
    expect(writes).toEqual([]);
  });

  it('Custom field: a name with a control character', async () => {
    logInAs('user');
    const writes = stubApi();
    const field = {
      id: 2,
      field_name: 'Locker',
      field_type: 'text',
      allow_duplicates: true,
    } as CustomFieldView;
    renderPage('/', <CustomFieldForm field={field} onDone={() => {}} onClose={() => {}} />);
    const user = userEvent.setup();
    await fill(user, await screen.findByLabelText(/Field Name/), '\u0007Code');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(controlCharactersMessage('Field name'))).toBeTruthy();
    expect(writes).toEqual([]);
  });
});
