import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInUser } from '../../test/fixtures';
import { fakeApiByPath, logInAs, renderPage } from '../../test/render';
import UserReport from './UserReport';

const user = signedInUser({ permissions: { run_reports: true } });

/** The week the home page reads, on an account whose weeks start on Sunday. */
const weekHours = {
  employee: { id: 3, employee_id: 'E7', name: 'Dana' },
  start_date: '2026-11-22',
  end_date: '2026-11-28',
  week_start: 'Sunday',
  days: [],
  totals: { worked_minutes: 0, paid_minutes: 0 },
};

describe("Employee's Reports", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("sets This week on the account's calendar: its zone and its Week Starts On", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 02:40 UTC on Thursday the 26th is still Wednesday the 25th in New York; weeks start on Sunday.
    vi.setSystemTime(new Date('2026-11-26T02:40:00Z'));
    logInAs('employee');
    fakeApiByPath({ '/api/get-user': { user }, '/api/employee-hours': weekHours });
    renderPage('/UserReport', <UserReport />);
    const start = (await screen.findByLabelText(/Start Date/)) as HTMLInputElement;
    const end = screen.getByLabelText(/End Date/) as HTMLInputElement;
    await waitFor(() => expect(start.value).toBe('2026-11-22'));
    expect(end.value).toBe('2026-11-28');
  });
});
