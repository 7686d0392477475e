import {
  type Action,
  employeePermissions,
  MANAGER_PERMISSIONS,
  messages,
  OWN_REPORTS,
  SCOPED_MANAGER_PERMISSIONS,
  type Permission,
  type PermissionFlags,
  type Scope,
  STATION_PERMISSIONS,
} from '@punchclock/contract';
import { forbidden, notFound } from '../lib/errors';

/**
 * Whoever makes a call, resolved once per request (auth/guards.ts, auth/station-guard.ts): the account, who
 * they are, and what they may do as permission strings. Services ask `requireAccess` as their first line.
 */
export interface Caller {
  accountId: number;
  /** The signed-in user; null for a time station. */
  userId: number | null;
  stationId: number | null;
  /** The employee record behind an employee's own login: what `own` scope reaches. */
  employeeRef: number | null;
  permissions: ReadonlySet<Permission>;
  /** Departments whose employees `all` scope reaches: 'all', or a department-scoped administrator's. */
  departments: DepartmentReach;
}

/** The departments a caller's `all` scope reaches: the whole account, or these ids (none when empty). */
export type DepartmentReach = 'all' | readonly number[];

export const managerPermissions = (): ReadonlySet<Permission> => new Set(MANAGER_PERMISSIONS);
export const scopedManagerPermissions = (): ReadonlySet<Permission> => new Set(SCOPED_MANAGER_PERMISSIONS);

/** An administrator's stored department access (users.department_access) as ids. */
function storedIds(stored: string): number[] {
  return stored
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
}

/**
 * What an administrator reaches, from their stored access: the owner always the whole account, whatever the column
 * says; anyone else with null the whole account, or the stored departments.
 */
export const administratorReach = (stored: string | null, isOwner: boolean): DepartmentReach =>
  isOwner || stored === null ? 'all' : storedIds(stored);
export const storedReach = (ids: readonly number[] | null): string | null =>
  ids === null ? null : [...new Set(ids)].sort((a, b) => a - b).join(',');

/**
 * The one answer to "which departments does this caller reach": what every repository call that lists or finds
 * employees takes (db/reach.ts withinReach). Employees, stations and API keys reach the whole account here (their
 * permissions narrow them instead).
 */
export const reachOf = (caller: Pick<Caller, 'departments'>): DepartmentReach => caller.departments;

/** Whether the caller reaches the whole account (not an administrator of chosen departments). */
export const reachesWholeAccount = (caller: Pick<Caller, 'departments'>): boolean =>
  reachOf(caller) === 'all';

/**
 * `row` when it exists and its department is within the caller's reach; else 404 with `message` (the employee's
 * by default): a row out of reach is answered as if it did not exist.
 */
export function reachable<T extends { department_id: number | null }>(
  caller: Pick<Caller, 'departments'>,
  row: T | null | undefined,
  message: string = messages.employees.notFound,
): T {
  if (!row || !reaches(caller, row.department_id)) throw notFound(message);
  return row;
}

/** Whether a department is within the caller's reach: the in-memory form of withinReach. */
export function reaches(
  caller: Pick<Caller, 'departments'>,
  departmentId: number | null | undefined,
): boolean {
  const reach = reachOf(caller);
  return reach === 'all' || (departmentId != null && reach.includes(departmentId));
}

/**
 * For rows found by id: a department-scoped caller gets the same 404 for another department's employee as for
 * one that does not exist (it must not learn which). `departmentOf` is asked only for a scoped caller, so
 * account-wide callers pay no query.
 */
export async function requireReach(
  caller: Pick<Caller, 'departments'>,
  departmentOf: () => Promise<number | null | undefined>,
  message: string = messages.employees.notFound,
): Promise<void> {
  if (reachesWholeAccount(caller)) return;
  if (!reaches(caller, await departmentOf())) throw notFound(message);
}

/**
 * The one "whole account only" guard: account setup and account-wide views (imports, refused punches, the
 * administrators' and stations' reports) are not for an administrator of chosen departments (403). With
 * `action`, the caller must also hold it account-wide (an employee's `own` scope is refused too).
 */
export function requireWholeAccount(caller: Caller, opts: { action?: Action; message?: string } = {}): void {
  if (opts.action && requireAccess(caller, opts.action) !== 'all') throw forbidden(opts.message);
  if (!reachesWholeAccount(caller)) throw forbidden(opts.message);
}
export const stationPermissions = (): ReadonlySet<Permission> => new Set(STATION_PERMISSIONS);
export const employeeAccess = (flags: Partial<PermissionFlags>): ReadonlySet<Permission> =>
  new Set(employeePermissions(flags));

export interface AccessTarget {
  /** The employee the call touches, when it touches one: `own` scope reaches only the caller's. */
  employeeRef?: number | null;
  /** What an `own` caller is told about someone else's record (it must not learn whether it exists). */
  notFoundMessage?: string;
  /** What a caller without the permission is told. */
  forbiddenMessage?: string;
}

/** The widest scope the caller holds for an action, or null. */
export function scopeOf(caller: Caller, action: Action): Scope | null {
  if (caller.permissions.has(`${action}:all`)) return 'all';
  if (caller.permissions.has(`${action}:own`)) return 'own';
  return null;
}

export const may = (caller: Caller, action: Action, target: AccessTarget = {}): boolean => {
  const scope = scopeOf(caller, action);
  if (scope === 'all') return true;
  return scope === 'own' && (target.employeeRef === undefined || target.employeeRef === caller.employeeRef);
};

/**
 * The one access check (docs/RULES.md#permission-groups). Answers the scope the caller acts with; throws 403
 * when the caller may not do this at all, and 404 when they may only act on their own record and the target
 * is someone else's.
 */
export function requireAccess(caller: Caller, action: Action, target: AccessTarget = {}): Scope {
  const scope = scopeOf(caller, action);
  if (!scope) throw forbidden(target.forbiddenMessage ?? messages.general.forbidden);
  if (scope === 'own' && target.employeeRef !== undefined && target.employeeRef !== caller.employeeRef) {
    throw notFound(target.notFoundMessage ?? messages.general.notFound);
  }
  return scope;
}

/**
 * Who a report runs over. Account-wide callers: any report, over what their departments reach (null). An
 * employee with Run Reports: only OWN_REPORTS (any other report: 403 with the list they may run), and only
 * over themself (another employee named: 404); answers the employee record the run is then forced to.
 */
export function requireReportAccess(
  caller: Caller,
  reportName: string,
  target: { employeeRef?: number },
): number | null {
  const scope = requireAccess(caller, 'reports:run', {
    employeeRef: target.employeeRef,
    notFoundMessage: messages.employees.notFound,
  });
  if (scope === 'all') return null;
  const name = reportName.trim().toLowerCase();
  if (!OWN_REPORTS.some((r) => r.toLowerCase() === name))
    throw forbidden(messages.reports.notForEmployees(OWN_REPORTS));
  if (caller.employeeRef === null) throw forbidden();
  return caller.employeeRef;
}
