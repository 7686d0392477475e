import { z } from 'zod';
import { isoDate } from './fields';
import { cursorField, limitField } from './paging';
import { periodCheck } from './period';

/**
 * The actions the server writes to the activity log, with the label the Activity Logs filter shows.
 * The server may write others later; the filter accepts any short action name.
 */
export const ACTIVITY_ACTIONS: Record<string, string> = {
  'punch.clock_in': 'Clock in',
  'punch.clock_out': 'Clock out',
  'punch.break_start': 'Break started',
  'punch.break_end': 'Break ended',
  'punch.created': 'Punch added by hand',
  'punch.updated': 'Punch edited',
  'punch.deleted': 'Punch deleted',
  'punch.conflict': 'Synced punch in conflict',
  'punch.rejected': 'Synced punch refused',
  'punch.conflict_fixed': 'Refused punch marked fixed',
  'punch.conflict_accepted': 'Refused punch accepted',
  'employee.created': 'Employee created',
  'employee.updated': 'Employee edited',
  'employee.deleted': 'Employee deleted',
  'employee.badge_regenerated': 'Badge regenerated',
  'employees.imported': 'Employees imported',
  'department.created': 'Department created',
  'department.updated': 'Department edited',
  'department.deleted': 'Department deleted',
  'field.created': 'Custom field created',
  'field.updated': 'Custom field edited',
  'field.deleted': 'Custom field deleted',
  'station.created': 'Station added',
  'station.paired': 'Station paired',
  'station.renamed': 'Station renamed',
  'station.revoked': 'Station revoked',
  'settings.updated': 'Settings saved',
  'pay_rules.set': 'Pay rules set',
  'pay_periods.settings': 'Pay period settings saved',
  'pay_period.approved': 'Pay period approved',
  'pay_period.reopened': 'Pay period reopened',
  'pay_period.reviewed': 'Pay period reviewed',
  'pay_period.confirmed': 'Timesheet confirmed',
  'pay_periods.confirm_settings': 'Timesheet confirmation setting saved',
  'user.login': 'Login',
  'user.logout': 'Logout',
  'password.changed': 'Password changed',
  'password.reset_requested': 'Password reset requested',
  'password.updated_by_link': 'Password set by link',
  'profile.picture_uploaded': 'Profile picture uploaded',
  'account.registered': 'Account created',
  'faq.created': 'FAQ added',
  'faq.updated': 'FAQ edited',
  'faq.deleted': 'FAQ deleted',
  'api_key.created': 'API key created',
  'api_key.renamed': 'API key renamed',
  'api_key.deleted': 'API key deleted',
  'api_key.revealed': 'API key revealed',
  'api_key.used': 'API key used',
};

/** Rows per page of GET /api/activity-logs: the server's choice. */
export const ACTIVITY_PAGE_SIZE = 25;
/** Most rows one CSV export carries; a wider range is refused so the export never runs away. */
export const ACTIVITY_EXPORT_MAX_ROWS = 100_000;

const action = z
  .string()
  .trim()
  .max(64, 'Action must be at most 64 characters long.')
  .regex(/^[a-z_.]*$/, 'Action is not a known activity.');

const filterFields = {
  action: action.optional(),
  start_date: z.union([isoDate, z.literal('')]).optional(),
  end_date: z.union([isoDate, z.literal('')]).optional(),
};
/** The activity log reads any span of days, in order (contract/src/period.ts). */
const datesInOrder = periodCheck(Infinity);

/** Filters of the CSV export; dates are days in the account's time zone, both included. */
export const activityFilter = z.object(filterFields).superRefine(datesInOrder);
/**
 * GET /api/activity-logs: the filters and a position: `cursor` (from next_cursor / prev_cursor) and `limit`.
 * `page` (from 1) is the old client's parameter, still answered without a cursor.
 */
export const activityQuery = z
  .object({
    ...filterFields,
    cursor: cursorField,
    limit: limitField(ACTIVITY_PAGE_SIZE),
    /** `false`: skip the count on the first page (the web asks GET /api/activity-logs/count once instead). */
    count: z.enum(['true', 'false'], { error: 'count must be true or false.' }).default('true'),
    page: z.coerce
      .number({ error: 'Page must be a number.' })
      .int('Page must be a whole number.')
      .min(1, 'Page starts at 1.')
      .max(1_000_000, 'Page is too large.')
      .default(1),
  })
  .superRefine(datesInOrder);
export type ActivityFilter = z.output<typeof activityFilter>;
export type ActivityQuery = z.output<typeof activityQuery>;

export const activityLogRow = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  employee_id: z.number().nullable(),
  action: z.string(),
  details: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Who did it and to whom, resolved by the server so the page needs no lookups. */
  user_name: z.string().nullable(),
  employee_name: z.string().nullable(),
  employee_code: z.string().nullable(),
});
export type ActivityLogRow = z.infer<typeof activityLogRow>;

export const activityLogPage = z.object({
  data: z.array(activityLogRow),
  current_page: z.number(),
  /** Present when counted: on the first page (unless count=false) and on the pages its cursors lead to. */
  last_page: z.number().optional(),
  total: z.number().optional(),
  per_page: z.number(),
  /** The next / previous page's position (send back as `cursor`); null at either end. */
  next_cursor: z.string().nullable(),
  prev_cursor: z.string().nullable(),
  /**
   * Names of the rows the page's details refer to, keyed `kind:id` (station:3, punch:1945, employee:12,
   * department:4): resolved by the server for the whole page at once (activity-details.ts shows them).
   */
  refs: z.record(z.string(), z.string()),
});
export type ActivityLogPage = z.infer<typeof activityLogPage>;
/** GET /api/activity-logs/count: how many entries the filters match. */
export const activityCountAnswer = z.object({ total: z.number() });
