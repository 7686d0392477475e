/** The signed-in employee's own calls: punching in and out, and the badge for the QR page. */
import type {
  BreakAnswer,
  CheckEmployeeAnswer,
  ClockBody,
  ClockInAnswer,
  ClockOutAnswer,
} from '@punchclock/contract';
import { request } from './client';

/** POST /api/check-employee for the signed-in employee's own code: clocked in or not, and since when. */
export const checkOwnEmployee = (code: string) =>
  request<CheckEmployeeAnswer>('/api/check-employee', { body: { employee_id: code } });

/** POST /api/clock-in or /api/clock-out for the signed-in employee (Site Login with Punch In/Out). */
export const clockOwn = (kind: 'in' | 'out', body: ClockBody) =>
  request<ClockInAnswer | ClockOutAnswer>(`/api/clock-${kind}`, { body });

/** POST /api/break-start or /api/break-end for the signed-in employee: a break inside their open shift. */
export const breakOwn = (kind: 'start' | 'end', body: ClockBody) =>
  request<BreakAnswer>(`/api/break-${kind}`, { body });

/** GET /api/employee/{id}/generate-qr: the answer unchecked; the QR page checks its shape. */
export const fetchOwnBadge = (employeeRef: number | string) =>
  request<unknown>(`/api/employee/${employeeRef}/generate-qr`);
