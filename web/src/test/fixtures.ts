import type { SettingsView, UserView } from '@punchclock/contract';
import { localToday } from '../pages/punches/punch-values';

/** An account's settings as GET /settings answers them (New York, Monday weeks), with `over` changed. */
export const accountSettings = (over: Partial<SettingsView> = {}): SettingsView => ({
  id: 1,
  user_id: 7,
  company_name: 'Acme Tools',
  attendance_mode: 'Attendance and Time Tracking',
  time_zone: 'America/New_York',
  enable_gps_tracking: false,
  require_location: false,
  enable_covid_screening: false,
  display_round_in_out_times: false,
  time_rounding: null,
  date_format: 'MM/DD/YY',
  time_format: '12 Hours (AM/PM)',
  week_start: 'Monday',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

/** The signed-in user as GET /api/get-user answers it (an employee of Acme Tools), with `over` changed. */
export const signedInUser = (over: Partial<UserView> = {}): UserView => ({
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
  date_format: 'MM/DD/YY',
  time_format: '12 Hours (AM/PM)',
  permissions: null,
  administrator_access: null,
  clock_settings: null,
  ...over,
});

/** The day (YYYY-MM-DD) it is now in `zone`. */
export const dayIn = (zone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

/**
 * A zone whose day is not the browser's now: at 02:40 UTC it is still yesterday at UTC-11 and already tomorrow at
 * UTC+14, so one of the two differs from the browser's day whatever its zone (set the clock there first).
 */
export const zoneOnAnotherDay = () =>
  ['Pacific/Pago_Pago', 'Pacific/Kiritimati'].find((z) => dayIn(z) !== localToday())!;
