import { NO_SCHEDULE } from '@punchclock/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EmployeeView } from '../../api/people';
import { ModalsHost } from '../../layouts/ModalsHost';
import { logInAs, renderPage } from '../../test/render';
import { EmployeeScheduleCard } from './EmployeeScheduleCard';

const MONDAY = { ...NO_SCHEDULE, Monday: { start: '09:00', end: '17:00' } };
const employee = { id: 7, name: 'Ada Park', department_id: 5 } as EmployeeView;

/**
 * GET /api/schedules answers the department's week and the employee's own (when set); each PUT to the
 * employee's schedule is recorded, changes what the next GET answers, and is answered as saved.
 */
function fakeSchedulesApi() {
  const puts: unknown[] = [];
  let own: typeof MONDAY | null = null;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = new URL(url, 'http://localhost').pathname;
    let answer: unknown;
    if (init.method === 'PUT') {
      expect(path).toBe('/api/employees/7/schedule');
      const body = JSON.parse(String(init.body)) as { days: typeof MONDAY | null };
      puts.push(body);
      own = body.days;
      answer = {
        message: own ? 'Schedule of Ada Park saved.' : "Ada Park now follows the department's schedule.",
        days: own,
      };
    } else {
      expect(path).toBe('/api/schedules');
      answer = {
        departments: [{ department_id: 5, days: MONDAY }],
        employees: own ? [{ employee_ref: 7, department_id: 5, days: own }] : [],
      };
    }
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return puts;
}

describe('EmployeeScheduleCard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("starts an own week from the department's, saves it, and goes back to the department's after asking", async () => {
    logInAs('user');
    const puts = fakeSchedulesApi();
    const user = userEvent.setup();
    renderPage(
      '/Employee/7',
      <>
        <EmployeeScheduleCard employee={employee} />
        <ModalsHost />
      </>,
    );

    expect(
      await screen.findByText('Follows the department’s schedule.', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Set an own schedule' }));
    // A copy of the department's week to start from.
    expect((screen.getByLabelText('Monday start') as HTMLInputElement).value).toBe('09:00');
    fireEvent.change(screen.getByLabelText('Monday start'), { target: { value: '06:00' } });
    fireEvent.change(screen.getByLabelText('Monday end'), { target: { value: '14:00' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ days: { ...NO_SCHEDULE, Monday: { start: '06:00', end: '14:00' } } });
    expect(await screen.findByText('Has an own schedule:')).toBeTruthy();
    expect(await screen.findByText('Schedule of Ada Park saved.')).toBeTruthy();

    // Back to the department's: asked first, and nothing is sent on "Keep their own".
    await user.click(screen.getByRole('button', { name: 'Follow the department’s' }));
    await user.click(await screen.findByRole('button', { name: 'Keep their own' }));
    expect(puts).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Follow the department’s' }));
    await user.click(await screen.findByRole('button', { name: 'Follow the department' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toEqual({ days: null });
    expect(await screen.findByText('Follows the department’s schedule.')).toBeTruthy();
    expect(await screen.findByText("Ada Park now follows the department's schedule.")).toBeTruthy();
  });
});
