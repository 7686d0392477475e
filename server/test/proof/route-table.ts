import { multipart, PNG, type World } from './world';

/**
 * Every route of the app and what each caller gets, in one table keyed by "METHOD /path" (the
 * app's own route table is checked against it by routes.test.ts: a route missing here fails).
 * Each entry also holds a valid request aimed at account A's rows (path params filled with A's ids),
 * which hostile.test.ts mutates.
 */
export const CALLERS = ['nobody', 'revoked', 'employee', 'station', 'other', 'scoped'] as const;
export type Caller = (typeof CALLERS)[number];
/**
 * `scoped` is an administrator of account A for another department than the victim's (world.ts): unless the entry
 * says otherwise, every route refuses them (403/404) or answers with their own department's rows only.
 */
export type Expected = Record<Exclude<Caller, 'scoped'>, number> & { scoped?: number };
export interface Request {
  url?: string;
  payload?: unknown;
  headers?: Record<string, string>;
}
export interface Entry {
  /** Public: callable without a token; every caller must still get no 5xx and none of A's rows. */
  public?: true;
  expect?: Expected;
  /** A valid request aimed at account A's rows (path params filled with A's ids). */
  req?: (w: World) => Request;
}

// Shapes of answer, for the table below.
// A manager-only call that names one of A's rows: B's manager is told it does not exist.
const managerRow: Expected = { nobody: 401, revoked: 401, employee: 403, station: 401, other: 404 };
// A manager-only call on the caller's own account: B's manager gets B's (empty) result.
const managerList: Expected = { nobody: 401, revoked: 401, employee: 403, station: 401, other: 200 };
// A manager-only call that creates a row in the caller's own account.
const managerCreate: Expected = { ...managerList, other: 201 };
const e = (over: Partial<Expected>, base: Expected = managerRow): Expected => ({ ...base, ...over });
// A call only an API key opens (X-API-Key): every other caller is refused.
const apiKeyOnly: Expected = {
  nobody: 401,
  revoked: 401,
  employee: 401,
  station: 401,
  other: 401,
  scoped: 401,
};
const now = () => new Date().toISOString();
let seq = 0;
const clientId = () => `proofroute${Date.now()}${(seq += 1)}`;

// Every route of the app, and what each caller gets. A new route fails the suite until it is here.
export const TABLE: Record<string, Entry> = {
  'GET /api/docs': { public: true },
  'GET /api/docs/static/index.html': { public: true },
  'GET /api/docs/static/swagger-initializer.js': { public: true },
  'GET /api/docs/json': { public: true },
  'GET /api/docs/yaml': { public: true },
  'GET /api/docs/static/*': { public: true, req: () => ({ url: '/api/docs/static/swagger-ui.css' }) },
  'GET /index.html': { public: true },
  'GET /api/health': { public: true },
  'POST /api/register': { public: true, req: () => ({ payload: {} }) },
  'POST /api/login': {
    public: true,
    req: (w) => ({ payload: { email: w.a.email, password: 'wrong pass' } }),
  },
  'POST /api/forgot-password': { public: true, req: () => ({ payload: { email: 'nobody@example.com' } }) },
  'POST /password-update': { public: true, req: () => ({ payload: {} }) },
  'POST /api/password-update': { public: true, req: () => ({ payload: {} }) },
  'POST /api/stations/pair': { public: true, req: () => ({ payload: { code: 'ZZZZZZ' } }) },
  'GET /uploads/profile/:name': {
    public: true,
    req: () => ({ url: '/uploads/profile/00000000000000000000000000000000.png' }),
  },

  'POST /api/logout': { expect: e({ employee: 200 }, managerList) },
  'POST /api/change-password': {
    // The owner's user_id names the account's own: a wrong current password (422), as for an employee.
    expect: e({ employee: 422, other: 404, scoped: 422 }),
    req: (w) => ({
      payload: {
        user_id: w.a.userId,
        current_password: 'not the password',
        new_password: 'brand new pass 9',
        new_password_confirmation: 'brand new pass 9',
      },
    }),
  },
  'GET /api/get-user': { expect: e({ employee: 200 }, managerList) },
  'POST /api/generate-qr-code': {
    expect: e({ employee: 200 }),
    req: (w) => ({ payload: { user_id: w.a.userId } }),
  },
  'POST /api/get-profile-picture': {
    expect: e({ employee: 200 }),
    req: (w) => ({ payload: { user_id: w.a.userId } }),
  },
  'POST /api/upload-profile': {
    expect: e({ employee: 200 }),
    req: (w) => multipart('profile_picture', 'me.png', 'image/png', PNG, { user_id: String(w.a.userId) }),
  },

  'GET /api/punch-conflicts': { expect: managerList },
  'POST /api/punch-conflicts/:id/fix': {
    expect: managerRow,
    req: (w) => ({ url: `/api/punch-conflicts/${w.ids.conflictId}/fix` }),
  },
  'POST /api/punch-conflicts/:id/accept': {
    expect: managerRow,
    req: (w) => ({ url: `/api/punch-conflicts/${w.ids.conflictId}/accept`, payload: {} }),
  },
  // Forgotten clock-outs (docs/RULES.md#forgotten-clock-outs): the station asks as it checks an employee (the
  // victim has no forgotten shift: null; answering names none: 404); the answers are the whole account's managers'.
  'POST /api/forgotten-clock-outs/question': {
    expect: e({ station: 200 }),
    req: (w) => ({ payload: { employee_id: w.ids.victimCode } }),
  },
  'POST /api/forgotten-clock-outs/answer': {
    expect: e({ station: 404 }),
    req: (w) => ({ payload: { employee_id: w.ids.victimCode, shift_id: 1, time: '17:00' } }),
  },
  'GET /api/forgotten-clock-outs': { expect: e({ scoped: 403 }, managerList) },
  'POST /api/forgotten-clock-outs/:id/accept': {
    expect: e({ scoped: 403 }),
    req: () => ({ url: '/api/forgotten-clock-outs/999999/accept' }),
  },
  'POST /api/forgotten-clock-outs/:id/dismiss': {
    expect: e({ scoped: 403 }),
    req: () => ({ url: '/api/forgotten-clock-outs/999999/dismiss' }),
  },
  'POST /api/check-employee': {
    expect: e({ station: 200 }),
    req: (w) => ({ payload: { employee_id: w.ids.victimCode } }),
  },
  'POST /api/clock-in': {
    expect: e({ station: 200 }),
    req: (w) => ({ payload: { employee_id: w.ids.victimCode, client_id: clientId() } }),
  },
  'POST /api/clock-out': {
    expect: e({ station: 200 }),
    req: (w) => ({ payload: { employee_id: w.ids.victimCode, client_id: clientId() } }),
  },
  // A break needs the victim's open shift, which the world does not give them: the station reaches the employee
  // and is told why not (409 break.no_shift, break.not_open); B's manager is told the employee does not exist.
  'POST /api/break-start': {
    expect: e({ station: 409 }),
    req: (w) => ({ payload: { employee_id: w.ids.victimCode, client_id: clientId() } }),
  },
  'POST /api/break-end': {
    expect: e({ station: 409 }),
    req: (w) => ({ payload: { employee_id: w.ids.victimCode, client_id: clientId() } }),
  },
  'GET /api/employee-status': { expect: e({ station: 200 }, managerList) },
  'POST /api/punches/sync': {
    expect: e({ station: 200 }, managerList),
    req: (w) => ({
      payload: {
        punches: [{ client_id: clientId(), kind: 'in', employee_id: w.ids.victimCode, device_time: now() }],
      },
    }),
  },
  'POST /api/punches/unsent': {
    // B's manager naming A's revoked station: no such revoked station in B's account.
    expect: e({ station: 200 }),
    req: (w) => ({
      payload: {
        revoked_station_id: w.revokedStationId,
        punches: [{ client_id: clientId(), kind: 'in', employee_id: w.ids.victimCode, device_time: now() }],
      },
    }),
  },

  'GET /api/stations': { expect: managerList },
  'POST /api/stations': {
    expect: managerCreate,
    req: () => ({ payload: { name: 'Gate', pair: 'code' } }),
  },
  'PATCH /api/stations/:id': {
    expect: managerRow,
    req: (w) => ({ url: `/api/stations/${w.ids.spareStationId}`, payload: { name: 'Renamed' } }),
  },
  'DELETE /api/stations/:id': {
    expect: managerRow,
    req: (w) => ({ url: `/api/stations/${w.ids.spareStationId}` }),
  },
  'GET /api/station/me': { expect: e({ station: 200 }, managerList) },
  // The emergency roll call: a manager (a scoped one sees their departments) and the account's stations.
  'GET /api/roll-call': { expect: e({ station: 200 }, managerList) },

  'GET /settings': { expect: managerList },
  'GET /api/settings': { expect: managerList },
  'POST /settings': {
    expect: managerRow,
    req: (w) => ({ payload: { user_id: w.a.userId, company_name: 'Hacked' } }),
  },
  'POST /api/settings': {
    expect: managerRow,
    req: (w) => ({ payload: { user_id: w.a.userId, company_name: 'Hacked' } }),
  },

  'GET /api/manual-punches/:employeeId': {
    expect: e({ employee: 404 }),
    req: (w) => ({ url: `/api/manual-punches/${w.ids.victimRef}` }),
  },
  'POST /api/manual-punches': {
    expect: managerRow,
    req: (w) => ({
      payload: { employee_id: w.ids.victimRef, date: '2026-01-06', time_in: '09:00', time_out: '10:00' },
    }),
  },
  'PUT /api/manual-punches/:id': {
    expect: managerRow,
    req: (w) => ({
      url: `/api/manual-punches/${w.ids.victimPunchId}`,
      payload: { employee_id: w.ids.victimRef, date: '2026-01-05', time_in: '08:00', time_out: '09:00' },
    }),
  },
  'DELETE /api/manual-punches/:id': {
    expect: managerRow,
    req: (w) => ({ url: `/api/manual-punches/${w.ids.victimPunchId}` }),
  },

  'POST /getdata': {
    expect: managerRow,
    req: (w) => ({
      payload: {
        reportname: 'Daily Summary',
        start_date: '2026-01-01',
        end_date: '2026-01-31',
        employee_id: w.ids.victimRef,
      },
    }),
  },
  'POST /api/getdata': {
    expect: managerRow,
    req: (w) => ({
      payload: {
        reportname: 'Daily Summary',
        start_date: '2026-01-01',
        end_date: '2026-01-31',
        department_id: w.ids.departmentId,
      },
    }),
  },

  'GET /api/employees': { expect: managerList },
  'GET /api/employees/user/:user_id': {
    expect: managerRow,
    req: (w) => ({ url: `/api/employees/user/${w.a.userId}` }),
  },
  'GET /api/employees/:id': {
    expect: managerRow,
    req: (w) => ({ url: `/api/employees/${w.ids.victimRef}` }),
  },
  'GET /api/employees/:id/rates': {
    expect: managerRow,
    req: (w) => ({ url: `/api/employees/${w.ids.victimRef}/rates` }),
  },
  'PUT /api/employees/:id/rates': {
    expect: managerRow,
    req: (w) => ({ url: `/api/employees/${w.ids.victimRef}/rates`, payload: { hourly_rate: '31.25' } }),
  },
  'POST /api/search': { expect: managerList, req: () => ({ payload: { query: 'Victim' } }) },
  'POST /employees': {
    // Another department is as unknown to a scoped administrator as another account's (422, administrator-scope).
    expect: e({ other: 422, scoped: 422 }),
    req: (w) => ({
      payload: { name: 'Intruder', employee_id: `X${Date.now()}`, department_id: w.ids.departmentId },
    }),
  },
  'PUT /employees/:id': {
    expect: managerRow,
    req: (w) => ({
      url: `/employees/${w.ids.victimRef}`,
      payload: {
        name: 'Renamed',
        employee_id: w.ids.victimCode,
        department_id: w.ids.departmentId,
        hourly_rate: '31.25',
        rate_effective_from: '2026-01-05',
      },
    }),
  },
  'DELETE /employees/:id': { expect: managerRow, req: (w) => ({ url: `/employees/${w.ids.victimRef}` }) },
  'POST /allemployees': {
    expect: managerRow,
    req: (w) => ({ url: `/allemployees?emp_id[]=[${w.ids.victimRef}]` }),
  },

  // An employee reads only their own badge: another's is not found.
  'GET /api/employees/qr/:id': {
    expect: e({ employee: 404 }),
    req: (w) => ({ url: `/api/employees/qr/${w.ids.victimRef}` }),
  },
  'GET /api/employee/:id/generate-qr': {
    expect: e({ employee: 404 }),
    req: (w) => ({ url: `/api/employee/${w.ids.victimRef}/generate-qr` }),
  },
  'POST /api/employees/:id/regenerate-badge': {
    expect: managerRow,
    req: (w) => ({ url: `/api/employees/${w.ids.victimRef}/regenerate-badge` }),
  },
  'POST /api/employees/print-cards': {
    expect: managerRow,
    req: (w) => ({ payload: { employee_ids: [w.ids.victimRef] } }),
  },
  'GET /api/employees/print/:id': {
    expect: managerRow,
    req: (w) => ({ url: `/api/employees/print/${w.ids.victimRef}` }),
  },

  'GET /employees/imported': { expect: managerList },
  'GET /employees/export': { expect: managerList },
  'POST /employees/import': {
    expect: managerList,
    // A preview of the caller's own file: nothing is written, B gets B's preview.
    req: () => ({
      url: '/employees/import?preview=1',
      ...multipart(
        'file',
        'people.csv',
        'text/csv',
        Buffer.from('Name,Employee ID,Department\nNew Person,NP1,Sales\n'),
      ),
    }),
  },

  'GET /departments': { expect: managerList },
  'GET /department/user/:user_id': {
    expect: managerRow,
    req: (w) => ({ url: `/department/user/${w.a.userId}` }),
  },
  'GET /api/departments/:id': {
    expect: managerRow,
    req: (w) => ({ url: `/api/departments/${w.ids.departmentId}` }),
  },
  'POST /departments': { expect: managerCreate, req: () => ({ payload: { dp_name: 'Intruders' } }) },
  'PUT /departments/:id': {
    expect: managerRow,
    req: (w) => ({ url: `/departments/${w.ids.departmentId}`, payload: { dp_name: 'Renamed' } }),
  },
  'DELETE /departments/:id': {
    expect: managerRow,
    req: (w) => ({ url: `/departments/${w.ids.spareDepartmentId}` }),
  },
  'POST /alldepartments': {
    expect: managerRow,
    req: (w) => ({ url: `/alldepartments?dep_id[]=[${w.ids.spareDepartmentId}]` }),
  },

  'POST /api/fields': {
    expect: managerCreate,
    req: () => ({ payload: { field_name: 'Intrusion', field_type: 'text' } }),
  },
  'GET /api/fields': { expect: managerList },
  'GET /fields/user/:user_id': { expect: managerRow, req: (w) => ({ url: `/fields/user/${w.a.userId}` }) },
  'PUT /api/fields/:id': {
    expect: managerRow,
    req: (w) => ({
      url: `/api/fields/${w.ids.fieldId}`,
      payload: { field_name: 'Renamed', field_type: 'text' },
    }),
  },
  'DELETE /fields/:id': { expect: managerRow, req: (w) => ({ url: `/fields/${w.ids.fieldId}` }) },

  'GET /api/activity-logs': { expect: managerList },
  // The ledger is the owner's and full administrators' (a scoped administrator 403); B's manager gets B's own.
  'GET /api/audit/verify': { expect: e({ scoped: 403 }, managerList) },
  'GET /api/audit/export': { expect: e({ scoped: 403 }, managerList) },
  'GET /api/activity-logs/export-csv': { expect: managerList },
  'GET /api/activity-logs/count': { expect: managerList },
  'GET /api/export-pdf': { expect: managerList },
  'GET /api/export-excel': { expect: managerList },
  'GET /api/dashboard': { expect: managerList },
  'GET /api/administrators': { expect: managerList },
  // B is on Basic: its one administrator seat is taken, so B's manager is refused for the plan (422).
  'POST /api/administrators': {
    expect: e({ other: 422 }, managerList),
    req: () => ({ payload: { name: 'Proof Admin', email: `proofadmin${clientId()}@example.com` } }),
  },
  'PUT /api/administrators/:id': {
    expect: managerRow,
    req: (w) => ({ url: `/api/administrators/${w.a.userId}`, payload: { access: 'full' } }),
  },
  'DELETE /api/administrators/:id': {
    expect: managerRow,
    req: (w) => ({ url: `/api/administrators/${w.a.userId}` }),
  },
  'GET /api/account/plan': { expect: managerList },
  'PUT /api/account/plan': { expect: managerList, req: () => ({ payload: { plan: 'pro' } }) },

  'GET /faqs': { expect: e({ employee: 200 }, managerList) },
  'GET /api/faqs': { expect: e({ employee: 200 }, managerList) },
  'POST /api/faqs': {
    expect: managerCreate,
    req: () => ({ payload: { question: 'Intruding?', answer: 'Yes.', topic: 'Other' } }),
  },
  'PUT /api/faqs/:id': {
    expect: managerRow,
    req: (w) => ({ url: `/api/faqs/${w.ids.faqId}`, payload: { question: 'Renamed?', answer: 'Yes.' } }),
  },
  'DELETE /api/faqs/:id': { expect: managerRow, req: (w) => ({ url: `/api/faqs/${w.ids.faqId}` }) },

  'POST /api/apikeys': {
    expect: managerCreate,
    req: () => ({
      payload: { key_name: 'Intruder key', key_value: `pck_${clientId()}_abcdefghijklmnopqrstuvwxyz` },
    }),
  },
  'GET /api/apikeys': { expect: managerList },
  'GET /api/apikeys/:id/reveal': {
    expect: managerRow,
    req: (w) => ({ url: `/api/apikeys/${w.ids.apiKeyId}/reveal` }),
  },
  'PUT /api/apikeys/:id': {
    expect: managerRow,
    req: (w) => ({ url: `/api/apikeys/${w.ids.apiKeyId}`, payload: { key_name: 'Renamed' } }),
  },
  'DELETE /api/apikeys/:id': { expect: managerRow, req: (w) => ({ url: `/api/apikeys/${w.ids.apiKeyId}` }) },

  // The read-only integration API takes an X-API-Key only: no login, station or employee token opens it.
  'GET /api/integration/employees': { expect: apiKeyOnly },
  'GET /api/integration/departments': { expect: apiKeyOnly },
  'GET /api/integration/punches': {
    expect: apiKeyOnly,
    req: () => ({ url: '/api/integration/punches?start_date=2026-01-01&end_date=2026-01-31' }),
  },
  'GET /api/integration/reports': { expect: apiKeyOnly },
  'GET /api/integration/reports/:name': {
    expect: apiKeyOnly,
    req: () => ({
      url: '/api/integration/reports/Daily%20Summary?start_date=2026-01-01&end_date=2026-01-31',
    }),
  },

  // Earnings need View Pay Information (the world's employee has it off: 403); hours reach only the
  // employee's own (the victim is another employee: 404).
  'POST /api/with-deductions': {
    expect: managerRow,
    req: (w) => ({
      payload: { employee_id: w.ids.victimCode, start_date: '2026-01-01', end_date: '2026-01-31' },
    }),
  },
  'GET /api/employee-hours': {
    expect: e({ employee: 404 }),
    req: (w) => ({ url: `/api/employee-hours?employee_id=${w.ids.victimRef}` }),
  },

  // Pay rules: a department-scoped administrator reads them (the reports it runs are paid under them) but may
  // neither change them nor preview a change (account setup: 403). B's manager reads and sets B's own.
  'GET /api/pay-rules': { expect: e({ scoped: 200 }, managerList) },
  'PUT /api/pay-rules': {
    expect: e({ scoped: 403 }, managerList),
    req: () => ({ payload: { effective_from: '2026-01-05', preset: 'us_california' } }),
  },
  'POST /api/pay-rules/preview': {
    expect: e({ scoped: 403 }, managerList),
    req: () => ({
      payload: {
        effective_from: '2026-01-05',
        preset: 'us_california',
        start_date: '2026-01-05',
        end_date: '2026-01-11',
      },
    }),
  },
  // Adjustments (docs/RULES.md#adjustments): managers only; a scoped administrator lists its departments' and
  // reaches none of the victim's department (404). 2026-01-06 lies in no approved period of A.
  'GET /api/adjustments': {
    expect: e({ scoped: 200 }, managerList),
    req: () => ({ url: '/api/adjustments?start_date=2026-01-01&end_date=2026-01-31' }),
  },
  'POST /api/adjustments': {
    expect: managerRow,
    req: (w) => ({ payload: { employee_id: w.ids.victimRef, date: '2026-01-06', minutes: 30, note: 'x' } }),
  },
  'DELETE /api/adjustments/:id': { expect: managerRow, req: () => ({ url: '/api/adjustments/2147483000' }) },
  // Pay periods (docs/RULES.md#pay-periods): a scoped administrator reads the settings and the list and marks
  // reviews; settings, approval and reopening are the owner's and full administrators' (403). 2026-01-06 is a
  // Tuesday: it starts no period (404 to B's manager), so the proof approves nothing.
  'GET /api/pay-periods/settings': { expect: e({ scoped: 200 }, managerList) },
  'PUT /api/pay-periods/settings': {
    expect: e({ scoped: 403 }, managerList),
    req: () => ({ payload: { frequency: 'weekly', anchor_date: '2024-01-01' } }),
  },
  'GET /api/pay-periods': {
    expect: e({ scoped: 200 }, managerList),
    req: () => ({ url: '/api/pay-periods?from=2026-01-01&to=2026-01-31' }),
  },
  // The locked periods' bounds (the lock on screens): every signed-in member of an account reads its own.
  'GET /api/pay-periods/locked': {
    expect: e({ employee: 200, scoped: 200 }, managerList),
    req: () => ({ url: '/api/pay-periods/locked?from=2026-01-01&to=2026-01-31' }),
  },
  'POST /api/pay-periods/approve': {
    expect: e({ scoped: 403 }),
    req: () => ({ payload: { start_date: '2026-01-06' } }),
  },
  'POST /api/pay-periods/reopen': {
    expect: e({ scoped: 403 }),
    req: () => ({ payload: { start_date: '2026-01-06', reason: 'Proof' } }),
  },
  // Marks are a scoped administrator's: B's owner has no departments to mark (403), the scoped one names no period.
  'POST /api/pay-periods/review': {
    expect: e({ scoped: 404, other: 403 }),
    req: () => ({ payload: { start_date: '2026-01-06' } }),
  },
  // Timesheet confirmations: the option is read like the settings and set by the owner and full administrators; an
  // employee's own periods and confirming are for employees only (403 to managers). A's option is off: its
  // employee is refused 403 too (period.confirm_off), so the proof confirms nothing.
  'GET /api/pay-periods/confirm-settings': { expect: e({ scoped: 200 }, managerList) },
  'PUT /api/pay-periods/confirm-settings': {
    expect: e({ scoped: 403 }, managerList),
    req: () => ({ payload: { employees_confirm: false } }),
  },
  'GET /api/pay-periods/mine': {
    expect: { nobody: 401, revoked: 401, employee: 200, station: 401, other: 403, scoped: 403 },
  },
  'POST /api/pay-periods/confirm': {
    expect: { nobody: 401, revoked: 401, employee: 403, station: 401, other: 403, scoped: 403 },
    req: () => ({ payload: { start_date: '2026-01-05' } }),
  },
  // The why of a day: the world's employee has View Pay Information off (403), the victim is in another
  // department than the scoped administrator's (404); an employee's own day is for employees only.
  'GET /api/employees/:id/days/:date': {
    expect: e({ scoped: 404 }),
    req: (w) => ({ url: `/api/employees/${w.ids.victimRef}/days/2026-01-06` }),
  },
  // Schedules: owner and full administrators; a department-scoped administrator only for their departments
  // (the victim's is another: 404, as a missing one); B's manager is told A's department or employee is not there.
  'GET /api/schedules': { expect: e({ scoped: 200 }, managerList) },
  'PUT /api/schedules': {
    expect: e({ scoped: 404 }),
    req: (w) => ({
      payload: {
        department_id: w.ids.departmentId,
        days: {
          Sunday: null,
          Monday: { start: '09:00', end: '17:00' },
          Tuesday: null,
          Wednesday: null,
          Thursday: null,
          Friday: null,
          Saturday: null,
        },
      },
    }),
  },
  'PUT /api/employees/:id/schedule': {
    expect: e({ scoped: 404 }),
    req: (w) => ({ url: `/api/employees/${w.ids.victimRef}/schedule`, payload: { days: null } }),
  },
  'GET /api/me/days/:date': {
    expect: { nobody: 401, revoked: 401, employee: 403, station: 401, other: 403, scoped: 403 },
    req: () => ({ url: '/api/me/days/2026-01-06' }),
  },
};

/** "METHOD /url" for each method of a route as the app declares it (HEAD, which Fastify adds to each GET, aside). */
export const routeNames = (route: { method: string | string[]; url: string }): string[] =>
  [route.method]
    .flat()
    .filter((m) => m !== 'HEAD')
    .map((m) => `${m} ${route.url}`);
