import {
  errorAnswers,
  getDataAnswer,
  integrationDepartmentsAnswer,
  integrationEmployeesAnswer,
  integrationPageQuery,
  integrationPunchesAnswer,
  integrationPunchesQuery,
  integrationReportParams,
  integrationReportQuery,
  integrationReportsAnswer,
} from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiKeyCallerOf, requireApiKey } from '../../auth/api-key-guard';
import { settingsRepository } from '../settings/settings.repository';
import { reportsRepository } from '../reports/reports.repository';
import { reportsService } from '../reports/reports.service';
import { integrationRepository } from './integration.repository';
import { integrationService } from './integration.service';
import { routeKit } from '../routes-kit';

const errors = errorAnswers(400, 401, 403, 404, 422, 429);
const note =
  ' Read-only: send the key in the X-API-Key header; the key needs the scope named, and a missing, unknown or deleted key answers 401. Each call is written to the activity log; past 600 calls a minute a key is answered 429.';

/** An answer schema carrying one example for the OpenAPI document; the example must fit it (checked at start). */
const withExample = <T extends z.ZodType>(schema: T, example: z.input<T>) =>
  schema.meta({ examples: [schema.parse(example)] });

const employeesExample = {
  data: [
    {
      id: 12,
      employee_id: 'E1001',
      name: 'Ada Lopez',
      title: 'Cashier',
      email: 'ada@example.com',
      department_id: 3,
      department_name: 'Front Desk',
      hourly_rate: '18.50',
      status: 'active',
      created_at: '2026-01-05T14:02:11.000Z',
      updated_at: '2026-01-05T14:02:11.000Z',
    },
  ],
  next_cursor: 'eyJsIjoiaW50ZWdyYXRpb24tZW1wbG95ZWVzIiwiayI6WzEyXX0',
};
const departmentsExample = {
  data: [
    {
      id: 3,
      dp_name: 'Front Desk',
      dp_type: 'Department',
      exclude_from_reports: false,
      created_at: '2026-01-05T14:00:00.000Z',
      updated_at: '2026-01-05T14:00:00.000Z',
    },
  ],
};
const punchesExample = {
  data: [
    {
      id: 901,
      employee_ref: 12,
      employee_id: 'E1001',
      work_date: '2026-03-02',
      time_in: '2026-03-02T14:00:00.000Z',
      time_out: '2026-03-02T22:30:00.000Z',
      type: 'None',
      deduction: 'Auto',
      notes: null,
      source: 'station',
    },
  ],
  next_cursor: null,
};
const reportsExample = {
  data: [
    {
      name: 'Daily Summary',
      title: 'Daily Summary',
      params: ['employee_id', 'department_id', 'start_date', 'end_date'],
    },
  ],
};
const reportExample = {
  report: 'Daily Summary',
  title: 'Daily Summary',
  columns: [
    { key: 'date', label: 'Date', kind: 'date' as const },
    { key: 'employee_id', label: 'Employee ID', kind: 'text' as const },
    { key: 'name', label: 'Name', kind: 'text' as const },
    { key: 'dp_name', label: 'Department', kind: 'text' as const },
    { key: 'first_in', label: 'First In', kind: 'datetime' as const },
    { key: 'last_out', label: 'Last Out', kind: 'datetime' as const },
    { key: 'worked', label: 'Worked Hours', kind: 'hours' as const },
    { key: 'deducted', label: 'Deducted Hours', kind: 'hours' as const },
    { key: 'paid', label: 'Paid Hours', kind: 'hours' as const },
    { key: 'open_shifts', label: 'Open Shifts', kind: 'integer' as const },
    { key: 'earnings', label: 'Earnings', kind: 'money' as const },
  ],
  data: [
    {
      date: '2026-03-02',
      employee_id: 'E1001',
      name: 'Ada Lopez',
      dp_name: 'Front Desk',
      first_in: '2026-03-02T14:00:00.000Z',
      last_out: '2026-03-02T22:30:00.000Z',
      worked: 510,
      deducted: 30,
      paid: 480,
      open_shifts: 0,
      earnings: 14800,
    },
  ],
  totals: { date: 'Total', worked: 510, deducted: 30, paid: 480, open_shifts: 0, earnings: 14800 },
  page: 1,
  last_page: 1,
  total: 1,
};

export const integrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const service = integrationService({
    repo: integrationRepository(db),
    reports: reportsService({ repo: reportsRepository(db), settings: settingsRepository(db) }),
  });
  const route = routeKit(app, {
    tags: ['Integration (API key)'],
    errors,
    onRequest: requireApiKey,
    security: [{ apiKey: [] }],
  });

  route.get(
    '/api/integration/employees',
    `The account's current employees in id order, a page at a time (scope employees:read): send next_cursor back as cursor; limit 1..200 (default 100).${note}`,
    { querystring: integrationPageQuery, 200: withExample(integrationEmployeesAnswer, employeesExample) },
    async (req) => service.employees(apiKeyCallerOf(req), req.query),
  );
  route.get(
    '/api/integration/departments',
    `The account's departments by name (scope departments:read).${note}`,
    { 200: withExample(integrationDepartmentsAnswer, departmentsExample) },
    async (req) => service.departments(apiKeyCallerOf(req)),
  );
  route.get(
    '/api/integration/punches',
    `Punches whose day (in the account's time zone) is from start_date to end_date (YYYY-MM-DD), optionally of one employee_id, in (work_date, id) order, a page at a time (scope punches:read). Instants are ISO UTC.${note}`,
    { querystring: integrationPunchesQuery, 200: withExample(integrationPunchesAnswer, punchesExample) },
    async (req) => service.punches(apiKeyCallerOf(req), req.query),
  );
  route.get(
    '/api/integration/reports',
    `The reports GET /api/integration/reports/{name} runs, with their parameters (scope reports:read).${note}`,
    { 200: withExample(integrationReportsAnswer, reportsExample) },
    async (req) => service.reportList(apiKeyCallerOf(req)),
  );
  route.get(
    '/api/integration/reports/:name',
    `Run a report (scope reports:read), named as in the list (any letter case; hyphens for spaces, e.g. daily-summary), with the parameters of POST /getdata in the query: employee_id and department_id (record ids), start_date, end_date, show_deleted_employees, page, page_size. The answer is POST /getdata's: hours as minutes, money as cents.${note}`,
    {
      params: integrationReportParams,
      querystring: integrationReportQuery,
      200: withExample(getDataAnswer, reportExample),
    },
    async (req) => service.report(apiKeyCallerOf(req), req.params.name, req.query),
  );
};
