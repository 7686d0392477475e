import {
  controlCharactersMessage,
  type CustomFieldView,
  MAX_PASSWORD_LENGTH,
  type EmployeeView,
  type PunchIssue,
} from '@punchclock/contract';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangePasswordForm } from '../pages/account/ChangePasswordForm';
import { InviteAdministrator } from '../pages/account-admin/InviteAdministrator';
import CreateApiKey from '../pages/api-keys/CreateApiKey';
import ResetPassword from '../pages/auth/ResetPassword';
import { AcceptPunchModal } from '../pages/devices/AcceptPunchModal';
import { CustomFieldForm } from '../pages/fields/CustomFieldForm';
import { CorrectRateModal } from '../pages/people/CorrectRateModal';
import CreateEmployee from '../pages/people/CreateEmployee';
import { EditEmployeeModal } from '../pages/people/EditEmployeeModal';
import { PunchForm } from '../pages/punches/PunchForm';
import { FaqFormModal } from '../pages/support/FaqFormModal';
import { employeeRecord } from '../test/fixtures';
import { fill, logInAs, renderPage } from '../test/render';

/**
 * Each form checks its values with the contract's schema before it sends them: a value the server would refuse
 * shows the server's own sentence by its field, and no request that would change anything is made.
 */

// jsdom has no document.fonts, which Mantine's autosized textareas listen to.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: () => undefined, removeEventListener: () => undefined },
});

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

const employee = employeeRecord as EmployeeView;

// Each renders a whole form: on a loaded machine that takes longer than the default test timeout.
describe('forms validate with the contract', { timeout: 60_000 }, () => {
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
      time: '2026-01-05T14:00:00.000Z',
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

  it('Create Employee: an Employee ID the server refuses', async () => {
    logInAs('user');
    const writes = stubApi({ '/departments': [{ id: 1, dp_name: 'Floor' }] });
    renderPage('/', <CreateEmployee />);
    const user = userEvent.setup();
    await fill(user, await screen.findByLabelText(/^Name/), 'Emma Rossi');
    await user.click(await screen.findByPlaceholderText('Choose a department'));
    await user.click(await screen.findByText('Floor'));
    await fill(user, screen.getByLabelText(/Employee ID/), 'E#4');
    await user.click(screen.getByRole('button', { name: 'Create Employee' }));
    expect(
      await screen.findByText('Employee ID may hold letters, digits, spaces and . - _ / only.'),
    ).toBeTruthy();
    expect(writes).toEqual([]);
  });

  it('FAQ: a question with a control character', async () => {
    logInAs('user');
    const writes = stubApi();
    renderPage('/', <FaqFormModal opened topics={[]} onClose={() => {}} />);
    const user = userEvent.setup();
    await fill(user, await screen.findByLabelText(/Question/), 'How do I\u0007 clock in?');
    await fill(user, screen.getByLabelText(/Answer/), 'At a station.');
    await user.click(screen.getByRole('button', { name: 'Add FAQ' }));
    expect(await screen.findByText(controlCharactersMessage('Question'))).toBeTruthy();
    expect(writes).toEqual([]);
  });

  it('Create API Key: a key name with a control character', async () => {
    logInAs('user');
    const writes = stubApi();
    renderPage('/', <CreateApiKey />);
    const user = userEvent.setup();
    await fill(user, await screen.findByLabelText(/Key Name/), 'Payroll\u0007');
    await user.click(screen.getByRole('button', { name: 'Create API Key' }));
    expect(await screen.findByText(controlCharactersMessage('Key Name'))).toBeTruthy();
    expect(writes).toEqual([]);
  });

  it('Change password: a new password longer than the server takes', async () => {
    logInAs('user');
    const writes = stubApi();
    renderPage('/', <ChangePasswordForm />);
    const user = userEvent.setup();
    const long = 'p'.repeat(MAX_PASSWORD_LENGTH + 1);
    await fill(user, await screen.findByLabelText(/Current Password/), 'old password 1');
    await fill(user, screen.getByLabelText(/^New Password/), long);
    await fill(user, screen.getByLabelText(/Confirm New Password/), long);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(
      await screen.findByText(`Password must be at most ${MAX_PASSWORD_LENGTH} characters long`),
    ).toBeTruthy();
    expect(writes).toEqual([]);
  });

  it('Reset password: a new password longer than the server takes', async () => {
    const writes = stubApi();
    const expires = Math.floor(Date.now() / 1000) + 3600;
    renderPage(
      '/ResetPassword',
      <ResetPassword />,
      `/ResetPassword?email=ada%40example.com&token=abc&expires=${expires}&signature=${'0'.repeat(64)}`,
    );
    const user = userEvent.setup();
    const long = 'p'.repeat(MAX_PASSWORD_LENGTH + 1);
    await fill(user, await screen.findByLabelText(/New Password/), long);
    await fill(user, screen.getByLabelText(/Confirm Password/), long);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(
      await screen.findByText(`Password must be at most ${MAX_PASSWORD_LENGTH} characters long`),
    ).toBeTruthy();
    expect(writes).toEqual([]);
  });

  it('Invite administrator: a name longer than the server takes', async () => {
    logInAs('user');
    const writes = stubApi({ '/departments': [] });
    renderPage('/', <InviteAdministrator opened onClose={() => {}} />);
    const user = userEvent.setup();
    await fill(user, await screen.findByLabelText(/^Name/), 'N'.repeat(101));
    await fill(user, screen.getByLabelText(/^Email/), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Name must be at most 100 characters.')).toBeTruthy();
    expect(writes).toEqual([]);
  });

  it('Punch: notes with a control character', async () => {
    logInAs('user');
    stubApi();
    const onSubmit = vi.fn();
    renderPage('/', <PunchForm busy={false} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    fireEvent.change(await screen.findByLabelText(/Time In/), { target: { value: '09:00' } });
    fireEvent.change(screen.getByLabelText(/Time Out/), { target: { value: '17:00' } });
    await fill(user, screen.getByLabelText(/Notes/), 'Late\u0007 bus');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(controlCharactersMessage('Notes'))).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
