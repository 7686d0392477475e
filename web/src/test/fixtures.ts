import type {
  GetDataAnswer,
  PayPeriod,
  PunchRow,
  ReportColumnView,
  SettingsView,
  UserView,
} from '@punchclock/contract';
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
  currency: 'USD',
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

/** An employee as GET /api/employees/:id answers it (Emma Rossi of Floor, $20.00 an hour, no custom values). */
export const employeeRecord = {
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
};

/** A punch of the punch list (GET /api/manual-punches/:id) as the server answers it; `over` changes fields. */
export const punchRow = (over: Partial<PunchRow> = {}): PunchRow => ({
  id: 1,
  employee_id: 4,
  date: '2026-11-10',
  time_in: '09:00',
  time_out: '17:00',
  out_days_later: 0,
  hours: 8,
  deduction: 'Auto',
  type: 'None',
  notes: null,
  source: 'manual',
  late_sync: false,
  conflict: null,
  latitude: null,
  longitude: null,
  rounded_time_in: '09:00',
  rounded_time_out: '17:00',
  display_rounded: false,
  date_format: 'MM/DD/YY',
  time_format: '12 Hours (AM/PM)',
  ...over,
});

/**
 * A punch as the server logs it in an activity entry (punchRecord): a punch row's fields (values in the account's
 * zone) without the account's formats.
 */
export const loggedPunch = (() => {
  const {
    date_format: _date,
    time_format: _time,
    ...fields
  } = punchRow({
    id: 1945,
    employee_id: 5,
    date: '2026-11-20',
    time_out: '17:30',
    rounded_time_out: '17:30',
    hours: 8.5,
  });
  return fields;
})();

/** A pay period of GET /api/pay-periods, open and ended unless `over` says otherwise. */
export const payPeriod = (
  start_date: string,
  end_date: string,
  over: Partial<PayPeriod> = {},
): PayPeriod => ({
  start_date,
  end_date,
  status: 'open',
  ended: true,
  approved_by: null,
  approved_at: null,
  checksum: null,
  reopened_at: null,
  reopen_reason: null,
  reviews: [],
  confirmations: [],
  confirmations_count: 0,
  ...over,
});

/**
 * A report's answer as POST /getdata gives it: `report` (its title too), its columns as [key, label, kind], its
 * rows, and one page of them unless `over` says otherwise.
 */
export const reportAnswer = (
  report: string,
  columns: readonly (readonly [string, string, ReportColumnView['kind']])[],
  data: GetDataAnswer['data'],
  over: Partial<GetDataAnswer> = {},
): GetDataAnswer => ({
  report,
  title: report,
  columns: columns.map(([key, label, kind]) => ({ key, label, kind })),
  data,
  totals: null,
  page: 1,
  last_page: 1,
  total: data.length,
  ...over,
});
