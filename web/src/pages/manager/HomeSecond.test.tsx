import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountSettings } from '../../test/fixtures';
import { fakeApiByPath, logInAs, renderPage } from '../../test/render';
import HomeSecond from './HomeSecond';

const dashboard = {
  time_zone: 'America/New_York',
  today: '2026-11-25',
  week_start: '2026-11-23',
  employee_count: 2,
  in_now: [
    {
      employee_ref: 4,
      employee_id: 'E1004',
      name: 'Emma Rossi',
      department: 'Delivery',
      since: '2026-11-25T21:00:00.000Z',
    },
  ],
  punches_today: 1,
  late_syncs_today: 0,
  late_arrivals_today: 0,
  forgotten_clock_outs: [],
  forgotten_after_minutes: 90,
  hours_by_department: [],
};

const settings = accountSettings();

describe('Dashboard', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("tells when it last refreshed on the account's clock, as it shows every other time", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 02:40 UTC on the 26th is 9:40 PM on the 25th in New York, the account's zone, whatever the browser's.
    vi.setSystemTime(new Date('2026-11-26T02:40:00Z'));
    logInAs('user');
    fakeApiByPath({ '/api/dashboard': dashboard, '/settings': [settings] });
    renderPage('/HomeSecond', <HomeSecond />);
    expect(await screen.findByText(/since 11\/25\/26 4:00 PM/)).toBeTruthy();
    expect(await screen.findByText(/last at 11\/25\/26 9:40 PM/)).toBeTruthy();
    // The account's own forgotten clock-out limit (Pay Periods settings), in words.
    expect(screen.getByText('Shifts still open after 90 minutes.')).toBeTruthy();
  });
});
