import { STORAGE_KEYS } from '@punchclock/contract';
import type { PunchInput, PunchRow } from '../../api/punches';

/** What the punch form edits: the API body without the employee (the screen knows who). */
export type PunchValues = Omit<PunchInput, 'employee_id' | 'time_out'> & { date: string; time_out: string };

/** Today as YYYY-MM-DD in the browser's zone: toISOString would give the UTC day, wrong near midnight. */
export function localToday(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A fresh punch on `today` (the account's today where known; the browser's otherwise). */
export const emptyPunch = (today: string = localToday()): PunchValues => ({
  date: today,
  time_in: '',
  time_out: '',
  out_next_day: false,
  deduction: 'Auto',
  type: 'None',
  notes: '',
});

/** A row as form values; an open punch (no Time Out yet) starts with an empty Time Out. */
export const valuesOf = (p: PunchRow): PunchValues => ({
  date: p.date,
  time_in: p.time_in,
  time_out: p.time_out ?? '',
  out_next_day: p.out_days_later > 0,
  notes: p.notes ?? '',
  deduction: p.deduction === 'Manual' ? 'Manual' : 'Auto',
  type: p.type === 'Lunch' || p.type === 'Break' ? p.type : 'None',
});

/** The body the API takes: an empty date is left out so the server uses the account's today. */
export const punchBody = (employeeId: number, v: PunchValues): PunchInput => ({
  ...v,
  employee_id: employeeId,
  date: v.date || undefined,
  // Empty only where the form allows it: an open shift stays open.
  time_out: v.time_out || null,
});

/** The signed-in employee's own Employee ID, which login stores as `employee_id`. */
export const ownEmployeeCode = (): string => localStorage.getItem(STORAGE_KEYS.employeeId) ?? '';

/** The signed-in employee's own record id, which login stores as `emp_id`. */
export function ownEmployeeRef(): number {
  const n = Number(localStorage.getItem(STORAGE_KEYS.empId));
  return Number.isInteger(n) && n > 0 ? n : 0;
}
