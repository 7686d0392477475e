/**
 * The columns of an employee (as `e`) that every listing of people reads: who they are, their department and
 * what they are paid (reports and the integration API).
 */
export const PERSON_COLUMNS = [
  'e.id',
  'e.employee_id',
  'e.name',
  'e.title',
  'e.email',
  'e.department_id',
  'e.hourly_rate_cents',
  'e.status',
] as const;
