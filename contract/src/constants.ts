/** Business constants (plans, department types, limits). */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;
export const PIN_MAX_LENGTH = 4;
/** Wrong PINs allowed for one employee at one station (or by one manager) within PIN_LOCK_WINDOW_MS, then locked. */
export const PIN_LOCK_LIMIT = 5;
export const PIN_LOCK_WINDOW_MS = 15 * 60_000;
export const PASSWORD_LINK_TTL_MINUTES = 60;
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export const PLANS = [
  { id: 'basic', name: 'Basic Plan', price: 19, features: ['1 User', '10GB Storage', 'Email Support'] },
  { id: 'pro', name: 'Pro Plan', price: 49, features: ['5 Users', '50GB Storage', 'Priority Support'] },
  {
    id: 'enterprise',
    name: 'Enterprise Plan',
    price: 99,
    features: ['Unlimited Users', '200GB Storage', '24/7 Support'],
  },
] as const;

export const DEPARTMENT_TYPES = [
  'Class',
  'Client',
  'Department',
  'Group',
  'Job',
  'Job Site',
  'Location',
  'Office',
  'Project',
  'Task',
] as const;
export type DepartmentType = (typeof DEPARTMENT_TYPES)[number];
export const DEFAULT_DEPARTMENT_TYPE: DepartmentType = 'Department';

export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date'] as const;
export const ATTENDANCE_MODES = ['Attendance and Time Tracking', 'Attendance Only'] as const;
export const TIME_ROUNDING = ['5 Minutes', '10 Minutes'] as const;
export const DATE_FORMATS = ['MM/DD/YY', 'DD/MM/YY'] as const;
export const TIME_FORMATS = ['12 Hours (AM/PM)', '24 Hours'] as const;
export const DEDUCTIONS = ['Auto', 'Manual'] as const;
export const PUNCH_TYPES = ['None', 'Lunch', 'Break'] as const;
export type PunchType = (typeof PUNCH_TYPES)[number];
export type Deduction = (typeof DEDUCTIONS)[number];
/** Where a punch came from: a paired station, the employee's own web clock, a manager's clock page, a manual entry. */
export const PUNCH_SOURCES = ['station', 'web', 'manager', 'manual'] as const;
export type PunchSource = (typeof PUNCH_SOURCES)[number];
export const EMPLOYEE_STATUSES = ['active', 'inactive'] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];
export const EARNINGS_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export const USER_TYPES = ['user', 'employee'] as const;
export type UserType = (typeof USER_TYPES)[number];
