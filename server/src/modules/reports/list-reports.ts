import { administratorReach } from '../../auth/access';
import { type ReportContext, type ReportEntry, type Row, totalsOf, reportEmployees } from './report-types';

import { definition } from './time-reports';

type ListedEmployee = Awaited<ReturnType<ReportContext['repo']['employees']>>[number];

/** An employee as the list reports show them; deleted ones say so. */
const employeeRow = (e: ListedEmployee): Row => ({
  employee_id: e.employee_id,
  name: e.name,
  title: e.title,
  email: e.email,
  dp_name: e.dp_name,
  hourly_rate: e.hourly_rate_cents,
  status: e.deleted_at ? 'deleted' : e.status,
});

export const employeeList: ReportEntry = {
  definition: definition('Employee List'),
  columns: [
    { key: 'employee_id', label: 'Employee ID', kind: 'text' },
    { key: 'name', label: 'Name', kind: 'text' },
    { key: 'title', label: 'Title', kind: 'text' },
    { key: 'email', label: 'Email', kind: 'text' },
    { key: 'dp_name', label: 'Department', kind: 'text' },
    { key: 'hourly_rate', label: 'Hourly Rate', kind: 'money' },
    { key: 'status', label: 'Status', kind: 'text' },
  ],
  async run(ctx) {
    const employees = await reportEmployees(ctx, {
      includeDeleted: !!ctx.params.show_deleted_employees,
      excludeFromReports: false,
    });
    const rows = employees.map(employeeRow);
    return { rows, totals: null };
  },
};

export const departmentList: ReportEntry = {
  definition: definition('Department List'),
  columns: [
    { key: 'dp_name', label: 'Department Name', kind: 'text' },
    { key: 'dp_type', label: 'Type', kind: 'text' },
    { key: 'total_employees', label: 'Employees', kind: 'integer' },
    { key: 'total_active_employees', label: 'Active', kind: 'integer' },
    { key: 'total_inactive_employees', label: 'Inactive', kind: 'integer' },
    { key: 'total_deleted_employees', label: 'Deleted', kind: 'integer' },
    { key: 'created_at', label: 'Created At', kind: 'datetime' },
  ],
  async run(ctx) {
    const departments = await ctx.repo.departments(ctx.accountId, ctx.scope);
    const rows = departments.map((d): Row => ({
      id: d.id,
      dp_name: d.dp_name,
      dp_type: d.dp_type,
      total_employees: Number(d.total_employees ?? 0),
      total_active_employees: Number(d.total_active_employees ?? 0),
      total_inactive_employees: Number(d.total_inactive_employees ?? 0),
      total_deleted_employees: Number(d.total_deleted_employees ?? 0),
      created_at: d.created_at,
    }));
    const keys = [
      'total_employees',
      'total_active_employees',
      'total_inactive_employees',
      'total_deleted_employees',
    ];
    return { rows, totals: totalsOf(rows, 'dp_name', keys) };
  },
};

export const administratorList: ReportEntry = {
  definition: definition('Administrator List'),
  columns: [
    { key: 'name', label: 'Name', kind: 'text' },
    { key: 'email', label: 'Email', kind: 'text' },
    { key: 'permissions', label: 'Permissions', kind: 'text' },
    { key: 'departments', label: 'Departments', kind: 'text' },
  ],
  /** The account's managers: full ones over every department, department-scoped ones over theirs. */
  async run(ctx) {
    const [users, departments] = await Promise.all([
      ctx.repo.administrators(ctx.accountId),
      ctx.repo.departments(ctx.accountId, { departments: 'all' }),
    ]);
    const nameOf = new Map(departments.map((d) => [d.id, d.dp_name]));
    const rows = users.map((u): Row => {
      const reach = administratorReach(u.department_access, u.id === u.owner_user_id);
      return {
        id: u.id,
        name: u.name,
        email: u.email,
        permissions: reach === 'all' ? 'Full' : 'Departments',
        departments:
          reach === 'all'
            ? 'All'
            : reach.flatMap((id) => (nameOf.has(id) ? [nameOf.get(id)] : [])).join(', ') || 'None',
      };
    });
    return { rows, totals: null };
  },
};

export const departmentMembers: ReportEntry = {
  definition: definition('Department Members'),
  columns: employeeList.columns.filter((c) => c.key !== 'dp_name'),
  /** The current employees of one department (department_id is required). */
  async run(ctx) {
    const employees = await reportEmployees(ctx, { includeDeleted: false, excludeFromReports: false });
    // The department is the one asked for: its column is left out.
    const rows = employees.map((e) => {
      const { dp_name: _department, ...row } = employeeRow(e);
      return row;
    });
    return { rows, totals: null };
  },
};

export const deviceStatus: ReportEntry = {
  definition: definition('device-status'),
  columns: [
    { key: 'name', label: 'Station', kind: 'text' },
    { key: 'last_seen_at', label: 'Last Seen', kind: 'datetime' },
    { key: 'last_sync_at', label: 'Last Sync', kind: 'datetime' },
    { key: 'revoked_at', label: 'Revoked', kind: 'datetime' },
  ],
  /** The account's stations: when each was last seen and last synced, and whether it was revoked. */
  async run(ctx) {
    const stations = await ctx.repo.stations(ctx.accountId);
    const rows = stations.map((s): Row => ({
      id: s.id,
      name: s.name,
      last_seen_at: s.last_seen_at,
      last_sync_at: s.last_sync_at,
      revoked_at: s.revoked_at,
    }));
    return { rows, totals: null };
  },
};
