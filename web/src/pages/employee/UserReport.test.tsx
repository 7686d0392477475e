import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../Providers';
import { logInAs } from '../../test/render';
import UserReport from './UserReport';

const user = {
  user_id: 7,
  name: 'Dana',
  username: 'dana',
  email: 'dana@example.com',
  phone_number: null,
  date_of_birth: null,
  user_type: 'employee',
  qr_code_url: null,
  profile_image_url: null,
  company_name: 'Acme Tools',
  time_zone: 'America/New_York',
  permissions: { run_reports: true },
  administrator_access: null,
  clock_settings: null,
};

/** The week the home page reads, on an account whose weeks start on Sunday. */
const weekHours = {
  employee: { id: 3, employee_id: 'E7', name: 'Dana' },
  start_date: '2026-11-22',
  end_date: '2026-11-28',
  week_start: 'Sunday',
  days: [],
  totals: { worked_minutes: 0, paid_minutes: 0 },
};

/** Answers each call by its path: the user, the week's hours, nothing for anything else. */
function fakeApi() {
  vi.stubGlobal('fetch', async (url: string) => {
    const path = new URL(url, 'http://localhost').pathname;
    const body = path === '/api/get-user' ? { user } : path === '/api/employee-hours' ? weekHours : {};
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
}

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
    fakeApi();
    const router = createMemoryRouter([{ path: '/UserReport', element: <UserReport /> }], {
      initialEntries: ['/UserReport'],
    });
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    const start = (await screen.findByLabelText(/Start Date/)) as HTMLInputElement;
    const end = screen.getByLabelText(/End Date/) as HTMLInputElement;
    await waitFor(() => expect(start.value).toBe('2026-11-22'));
    expect(end.value).toBe('2026-11-28');
  });
});
