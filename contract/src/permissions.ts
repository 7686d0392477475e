/**
 * Named access (docs/RULES.md#permission-groups): what a caller may do, as `resource:action:scope` strings.
 * `all` reaches every row of the caller's account (or, for a department-scoped manager, of their
 * departments); `own` only the caller's own employee record. The server resolves a caller into these once per
 * request; the web app reads the same hierarchy to show or hide controls.
 */
export const ACTIONS = [
  'employees:read',
  'employees:write',
  'departments:read',
  'departments:write',
  'fields:read',
  'fields:write',
  'stations:read',
  'stations:write',
  'settings:read',
  'settings:write',
  'activity:read',
  'punches:read',
  'punches:create',
  'punches:update',
  'punches:delete',
  /** See the positions stored with punches. */
  'punches:gps',
  /** Clock employees in and out (a station, a manager, or an employee punching themself). */
  'clock:punch',
  /** The list of who is clocked in. */
  'clock:status',
  'reports:run',
  /** The signed badge QR of an employee (the printed card's): every employee reads their own. */
  'badges:read',
  'earnings:read',
  'profile:read',
  'profile:write',
  /** The account's FAQs (Support Center): managers write, everyone of the account reads. */
  'faqs:read',
  'faqs:write',
  /** The account's API keys: only managers. */
  'apikeys:read',
  'apikeys:write',
  /** The account's plan and its administrators: only managers. */
  'account:read',
  'account:write',
] as const;
export type Action = (typeof ACTIONS)[number];
export type Scope = 'own' | 'all';
export type Permission = `${Action}:${Scope}`;

/**
 * The permission hierarchy (docs/RULES.md#permission-groups): each option below a group counts only while its
 * group is on (a site option is off when Site Login is off). Stored flags go through `effectiveFlags` on save
 * and on read.
 */
export const FLAG_GROUPS = {
  permission_app: ['solo_mode', 'use_card_or_pin', 'allow_other_employees'],
  permission_site: [
    'create_time_entries',
    'edit_time_entries',
    'punch_in_out',
    'run_reports',
    'view_gps_location',
    'view_pay_information',
  ],
  email_notification: ['send_check_in_notification', 'send_check_out_notification'],
} as const;

type GroupFlag = keyof typeof FLAG_GROUPS;
type OptionFlag = (typeof FLAG_GROUPS)[GroupFlag][number];
export type EmployeeFlag = GroupFlag | OptionFlag;

/** Every permission flag of an employee: the three groups, then their options. */
export const EMPLOYEE_FLAGS: readonly EmployeeFlag[] = [
  ...(Object.keys(FLAG_GROUPS) as GroupFlag[]),
  ...Object.values(FLAG_GROUPS).flat(),
];
export type PermissionFlags = Record<EmployeeFlag, boolean | number | null | undefined>;

/** The flags as they take effect: an option whose group is off is off. Values keep their type (0/1 or boolean). */
export function effectiveFlags<T extends Partial<PermissionFlags>>(flags: T): T {
  const out: Record<string, unknown> = { ...flags };
  for (const [group, options] of Object.entries(FLAG_GROUPS)) {
    if (flags[group as GroupFlag] === undefined || flags[group as GroupFlag]) continue;
    for (const o of options) if (out[o] !== undefined) out[o] = typeof out[o] === 'number' ? 0 : false;
  }
  return out as T;
}

/** What the owner (and any full manager) may do: everything, account-wide. */
export const MANAGER_PERMISSIONS: readonly Permission[] = ACTIONS.map((a) => `${a}:all` as const);

/**
 * What an administrator limited to chosen departments may do: the employees, punches, badges and reports of
 * those departments (the server narrows each query to them), and read what the pages around them need.
 * Account setup (departments, custom fields, stations, settings, API keys, FAQs, administrators and plan)
 * and the account-wide activity log stay with full administrators.
 */
export const SCOPED_MANAGER_ACTIONS: readonly Action[] = [
  'employees:read',
  'employees:write',
  'departments:read',
  'fields:read',
  'settings:read',
  'punches:read',
  'punches:create',
  'punches:update',
  'punches:delete',
  'punches:gps',
  'reports:run',
  'badges:read',
  'profile:read',
  'profile:write',
  'faqs:read',
  'account:read',
];
export const SCOPED_MANAGER_PERMISSIONS: readonly Permission[] = SCOPED_MANAGER_ACTIONS.map(
  (a) => `${a}:all` as const,
);

/**
 * Reports over the whole account rather than over employees' departments: the administrators, the stations.
 * Like the account setup they describe, they are not for administrators of chosen departments.
 */
export const ACCOUNT_WIDE_REPORTS = ['Administrator List', 'device-status'] as const;

/** What a paired time station may do: clock anyone of its account in and out, and read who is in. */
export const STATION_PERMISSIONS: readonly Permission[] = ['clock:punch:all', 'clock:status:all'];

/**
 * The reports an employee with Run Reports may run (docs/RULES.md#employee-reports), always over
 * their own punches only: the server forces their employee and department.
 */
export const OWN_REPORTS = ['Activity', 'Daily Summary', 'Department Summary', 'Shift Details'] as const;

/** What an employee's own login may do, from their (effective) flags. */
export function employeePermissions(flags: Partial<PermissionFlags>): Permission[] {
  const f = effectiveFlags(flags);
  const out: Permission[] = ['punches:read:own', 'profile:read:own', 'profile:write:own', 'badges:read:own'];
  // The Support Center's FAQs are the account's, read by every employee of it.
  out.push('faqs:read:all');
  if (f.create_time_entries) out.push('punches:create:own');
  if (f.edit_time_entries) out.push('punches:update:own', 'punches:delete:own');
  if (f.punch_in_out) out.push('clock:punch:own');
  if (f.view_gps_location) out.push('punches:gps:own');
  if (f.run_reports) out.push('reports:run:own');
  if (f.view_pay_information) out.push('earnings:read:own');
  return out;
}
