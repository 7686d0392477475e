import type {
  ATTENDANCE_MODES,
  CUSTOM_FIELD_TYPES,
  DATE_FORMATS,
  DEDUCTIONS,
  DEPARTMENT_TYPES,
  EMPLOYEE_STATUSES,
  PUNCH_SOURCES,
  PUNCH_TYPES,
  TIME_FORMATS,
  TIME_ROUNDING,
  WEEK_STARTS,
} from '@punchclock/contract';
import type { ColumnType, Generated } from 'kysely';

/** Row types of the tables created in migrations/. Booleans are 0/1, instants ISO-8601 UTC text. */
type Bool = number;
/** A column the database fills with its default when an insert leaves it out. */
type Default<T> = ColumnType<T, T | undefined, T>;
/** The values of a contract constant list: the column holds only what the contract allows. */
type OneOf<T extends readonly string[]> = T[number];

export interface AccountsTable {
  id: Generated<number>;
  company_name: string;
  plan: Default<string>;
  time_zone: Default<string>;
  owner_user_id: Default<number | null>;
  created_at: string;
  updated_at: string;
  /** 1: employees confirm their timesheet per pay period (migration 029). */
  employees_confirm_timesheet: Default<number>;
}

export interface DepartmentsTable {
  id: Generated<number>;
  account_id: number;
  dp_name: string;
  dp_type: Default<OneOf<typeof DEPARTMENT_TYPES>>;
  exclude_from_reports: Default<Bool>;
  use_company_settings: Default<Bool>;
  assign_to_all_employees: Default<Bool>;
  deleted_at: Default<string | null>;
  created_at: string;
  updated_at: string;
}

export interface ImportBatchesTable {
  id: Generated<number>;
  account_id: number;
  file_name: string;
  row_count: Default<number>;
  created_at: string;
}

export interface EmployeesTable {
  id: Generated<number>;
  account_id: number;
  department_id: number;
  employee_id: string;
  name: string;
  title: string | null;
  email: string | null;
  hourly_rate_cents: Default<number>;
  pin: string | null;
  /** 4 bits of the PIN for a station's offline check (migration 020, lib/badges.ts pinHint); null without one. */
  pin_hint: number | null;
  permission_app: Default<Bool>;
  permission_site: Default<Bool>;
  email_notification: Default<Bool>;
  send_check_in_notification: Default<Bool>;
  send_check_out_notification: Default<Bool>;
  solo_mode: Default<Bool>;
  use_card_or_pin: Default<Bool>;
  allow_other_employees: Default<Bool>;
  create_time_entries: Default<Bool>;
  edit_time_entries: Default<Bool>;
  punch_in_out: Default<Bool>;
  run_reports: Default<Bool>;
  view_gps_location: Default<Bool>;
  view_pay_information: Default<Bool>;
  status: Default<OneOf<typeof EMPLOYEE_STATUSES>>;
  badge_version: Default<number>;
  /** When the current badge print began (migration 023); null before any regeneration since. */
  badge_replaced_at: Default<string | null>;
  /** When App Login was last taken away (migration 023); null while they have it. */
  app_login_removed_at: Default<string | null>;
  import_batch_id: Default<number | null>;
  deleted_at: Default<string | null>;
  created_at: string;
  updated_at: string;
}

export interface UsersTable {
  id: Generated<number>;
  account_id: number;
  user_type: 'user' | 'employee';
  employee_ref: number | null;
  name: string;
  username: string;
  email: string;
  phone_number: string | null;
  date_of_birth: string | null;
  password_hash: string | null;
  profile_image: string | null;
  /** An administrator's departments, comma-separated ids; null: the whole account (migration 008). */
  department_access: Default<string | null>;
  created_at: string;
  updated_at: string;
}

export interface AuthTokensTable {
  id: Generated<number>;
  user_id: number;
  account_id: number;
  kind: 'access' | 'password';
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: Default<string | null>;
  revoked_at: Default<string | null>;
}

export interface SettingsTable {
  id: Generated<number>;
  account_id: number;
  company_name: string;
  attendance_mode: Default<OneOf<typeof ATTENDANCE_MODES>>;
  enable_gps_tracking: Default<Bool>;
  require_location: Default<Bool>;
  enable_covid_screening: Default<Bool>;
  time_rounding: Default<OneOf<typeof TIME_ROUNDING> | null>;
  display_round_in_out_times: Default<Bool>;
  date_format: Default<OneOf<typeof DATE_FORMATS>>;
  time_format: Default<OneOf<typeof TIME_FORMATS>>;
  week_start: Default<OneOf<typeof WEEK_STARTS>>;
  /** ISO 4217 (migration 022). */
  currency: Default<string>;
  created_at: string;
  updated_at: string;
}

export interface CustomFieldsTable {
  id: Generated<number>;
  account_id: number;
  field_name: string;
  field_type: OneOf<typeof CUSTOM_FIELD_TYPES>;
  allow_duplicates: Default<Bool>;
  created_at: string;
  updated_at: string;
}

export interface CustomFieldValuesTable {
  id: Generated<number>;
  account_id: number;
  field_id: number;
  employee_ref: number;
  value: string;
}

export interface ApiKeysTable {
  id: Generated<number>;
  account_id: number;
  key_name: string;
  key_value: string;
  key_hash: string;
  /** Comma-separated scope names (contract API_KEY_SCOPES). */
  scopes: Default<string>;
  last_used_at: Default<string | null>;
  created_at: string;
  updated_at: string;
}

export interface FaqsTable {
  id: Generated<number>;
  account_id: number;
  topic: string | null;
  question: string;
  answer: string;
  created_at: string;
  updated_at: string;
}

export interface StationsTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  token_hash: string | null;
  pairing_code_hash: string | null;
  pairing_expires_at: string | null;
  last_seen_at: string | null;
  last_sync_at: string | null;
  revoked_at: string | null;
  /** The station's clock at its last sync: server minus device, in seconds (migration 023). */
  clock_offset: Default<number | null>;
  clock_offset_at: Default<string | null>;
  created_at: string;
  updated_at: string;
}

/** An employee's hourly rate from a day on (migration 010). */
export interface EmployeeRatesTable {
  id: Generated<number>;
  account_id: number;
  employee_ref: number;
  /** YYYY-MM-DD, the account's local day (like punches.work_date). */
  effective_from: string;
  rate_cents: number;
  created_at: string;
}

/** An account's pay rules from a local day on (migration 017; docs/RULES.md#pay-rules). */
export interface PayRuleVersionsTable {
  id: Generated<number>;
  account_id: number;
  /** YYYY-MM-DD, the account's local day (like punches.work_date); one version an account a day. */
  effective_from: string;
  /** A preset name of the contract's PAY_PRESET_NAMES. */
  preset: string;
  /** The preset's fields this version changes, as JSON text of the contract's payRuleOverrides ({} for none). */
  overrides: string;
  created_at: string;
  /** The user who saved it; null once that user is deleted. */
  created_by: number | null;
}

/** A synced punch's client id the server refused, and its answer, for a batch sent again (migration 011). */
export interface SyncRefusalsTable {
  id: Generated<number>;
  account_id: number;
  client_id: string;
  status: string;
  message: string;
  created_at: string;
}

/** A refused synced punch (its activity_logs row) a manager marked as dealt with (migration 011). */
export interface PunchConflictFixesTable {
  id: Generated<number>;
  account_id: number;
  log_id: number;
  user_id: number | null;
  created_at: string;
}

export interface PunchesTable {
  id: Generated<number>;
  account_id: number;
  employee_ref: number;
  client_id: string;
  clock_out_client_id: string | null;
  work_date: string;
  time_in: string;
  time_out: string | null;
  device_time_in: string | null;
  device_time_out: string | null;
  received_in_at: string;
  received_out_at: string | null;
  late_sync: Default<Bool>;
  source: OneOf<typeof PUNCH_SOURCES>;
  station_id: number | null;
  station_out_id: number | null;
  deduction: Default<OneOf<typeof DEDUCTIONS>>;
  type: Default<OneOf<typeof PUNCH_TYPES>>;
  notes: string | null;
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
  latitude_out: number | null;
  longitude_out: number | null;
  accuracy_out: number | null;
  screening: string | null;
  conflict: string | null;
  /** Seconds added to the device's time when the station's clock was off (migration 023); null: not corrected. */
  clock_correction_in: Default<number | null>;
  clock_correction_out: Default<number | null>;
  created_by_user_id: number | null;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ActivityLogsTable {
  id: Generated<number>;
  account_id: number;
  user_id: number | null;
  employee_id: number | null;
  action: string;
  details: string | null;
  created_at: string;
  updated_at: string;
}

/** Schedules (migration 019): seven rows a department or employee override, one a weekday. */
export interface SchedulesTable {
  id: Generated<number>;
  account_id: number;
  /** Exactly one of the two is set: a department's schedule, or an employee's override of it. */
  department_id: number | null;
  employee_id: number | null;
  /** 0 = Sunday … 6 = Saturday (contract SCHEDULE_WEEKDAYS). */
  weekday: number;
  /** Local minutes since midnight in the account zone; both null: a day off. */
  start_minute: number | null;
  end_minute: number | null;
}

/** A break started inside an open shift and not yet ended (migration 025); ending it writes the Break punch. */
export interface OpenBreaksTable {
  id: Generated<number>;
  account_id: number;
  employee_ref: number;
  /** The open work shift (punches.id) it was started in: a break whose shift closed another way is stale. */
  shift_id: number;
  started_at: string;
  client_id: string;
  device_time: string | null;
  received_at: string;
  station_id: number | null;
  created_by_user_id: number | null;
}

/** One entry of an account's hash chain (migration 021, db/ledger.ts). */
export interface AuditLedgerTable {
  account_id: number;
  seq: number;
  tbl: 'punches' | 'activity_logs';
  row_id: number;
  op: 'insert' | 'update' | 'delete';
  at: string;
  digest: string;
  hash: string;
}

/** An account's last ledger entry (migration 021): the row a writer locks to append. */
export interface AuditHeadsTable {
  account_id: number;
  seq: number;
  hash: string;
}

/** The account's pay period settings, one row a change (migration 026, docs/RULES.md#pay-periods). */
export interface PayPeriodSchedulesTable {
  id: Generated<number>;
  account_id: number;
  /** The first local day it applies to; null: from the start. */
  applies_from: string | null;
  /** One of the contract's PAY_FREQUENCIES. */
  frequency: string;
  anchor_date: string;
  forgotten_after_minutes: number;
  created_at: string;
  created_by: number | null;
}

/** A pay period that was approved, and perhaps reopened since (migration 026). */
export interface PayPeriodsTable {
  id: Generated<number>;
  account_id: number;
  start_date: string;
  end_date: string;
  /** 'approved' or 'open' (reopened). */
  status: string;
  approved_by: number | null;
  approved_at: string | null;
  checksum: string | null;
  reopened_by: number | null;
  reopened_at: string | null;
  reopen_reason: string | null;
  /** When its figures were stored (migration 027); null: computed live. */
  figures_at: string | null;
}

/** A line of an approved period's Payroll Summary or Timesheet as computed then (migration 027). */
export interface PayPeriodFiguresTable {
  id: Generated<number>;
  account_id: number;
  start_date: string;
  /** 'Payroll Summary' or 'Timesheet'. */
  report: string;
  /** The line's place in the report; -1: its totals over the whole account. */
  position: number;
  employee_ref: number | null;
  /** The employee's department then (who may see the line). */
  department_id: number | null;
  /** The line's cells, JSON. */
  cells: string;
}

/** A department's "reviewed" mark on a pay period (migration 026). */
export interface PayPeriodReviewsTable {
  id: Generated<number>;
  account_id: number;
  start_date: string;
  department_id: number;
  reviewed_by: number | null;
  reviewed_at: string;
}

/** An employee's confirmation of their days in a pay period (migration 029, docs/RULES.md#pay-periods). */
export interface PayPeriodConfirmationsTable {
  id: Generated<number>;
  account_id: number;
  start_date: string;
  end_date: string;
  employee_ref: number;
  confirmed_by: number | null;
  confirmed_at: string;
}

/** A forgotten clock-out's mail and the employee's answer to it (migration 028, docs/RULES.md#forgotten-clock-outs). */
export interface ForgottenClockOutsTable {
  id: Generated<number>;
  account_id: number;
  /** The open shift (punches.id); one row a shift. */
  punch_id: number;
  employee_ref: number;
  /** When its one mail was claimed; null: not mailed. */
  mailed_at: string | null;
  /** The employee's answer: when they left (ISO UTC), a proposed clock-out. */
  left_at: string | null;
  answered_at: string | null;
  answered_station_id: number | null;
  /** null (mailed only), 'proposed', 'accepted' or 'dismissed'. */
  status: string | null;
  decided_by: number | null;
  decided_at: string | null;
}

/** A correction of a day of an approved pay period, paid on the day it was recorded (migration 030). */
export interface AdjustmentsTable {
  id: Generated<number>;
  account_id: number;
  employee_ref: number;
  /** The local day it corrects. */
  date: string;
  /** The local day it was recorded: it is paid in the pay period holding it. */
  paid_on: string;
  minutes: number;
  /** One of the contract's ADJUSTMENT_PAY. */
  pay: string;
  rate_cents: number;
  multiplier_milli: number;
  cents: number;
  note: string;
  created_by: number | null;
  created_at: string;
}

export interface DB {
  accounts: AccountsTable;
  departments: DepartmentsTable;
  import_batches: ImportBatchesTable;
  employees: EmployeesTable;
  employee_rates: EmployeeRatesTable;
  pay_rule_versions: PayRuleVersionsTable;
  pay_period_schedules: PayPeriodSchedulesTable;
  pay_periods: PayPeriodsTable;
  pay_period_reviews: PayPeriodReviewsTable;
  adjustments: AdjustmentsTable;
  pay_period_figures: PayPeriodFiguresTable;
  pay_period_confirmations: PayPeriodConfirmationsTable;
  schedules: SchedulesTable;
  punch_conflict_fixes: PunchConflictFixesTable;
  sync_refusals: SyncRefusalsTable;
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  settings: SettingsTable;
  custom_fields: CustomFieldsTable;
  custom_field_values: CustomFieldValuesTable;
  api_keys: ApiKeysTable;
  faqs: FaqsTable;
  stations: StationsTable;
  punches: PunchesTable;
  forgotten_clock_outs: ForgottenClockOutsTable;
  open_breaks: OpenBreaksTable;
  activity_logs: ActivityLogsTable;
  audit_ledger: AuditLedgerTable;
  audit_heads: AuditHeadsTable;
}
