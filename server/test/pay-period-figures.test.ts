import { createHash } from 'node:crypto';
import { messages } from '@punchclock/contract';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { periodOf, type Schedule } from '../src/modules/pay-periods/period-calendar';
import { addDays, weekStartOf } from '../src/modules/time/calendar';
import {
  type Account,
  createAccount,
  createDepartment,
  createEmployee,
  createStation,
  insertPunch,
} from './factories';
import { useTestApp } from './helper';
import { inviteScoped } from './pay-period-support';

/**
 * An approved pay period's stored figures over HTTP on both databases (docs/RULES.md#stored-figures-of-an-
 * approved-period): Payroll Summary and Timesheet of exactly the period read the same, byte for byte, after
 * employees are renamed, moved and deleted, a rate and the pay rules change after it, and a late sync is refused;
 * the list's checksum is that of the exported CSV; of 20 concurrent approvals one stores the figures; reopening
 * computes live again; another account never sees them. Then pay period bounds across month and year ends.
 * The account is in UTC with weekly periods from Monday 2024-01-01.
 */
const t = useTestApp();
type Who = { auth: { authorization: string } };
const call = (who: Who, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: who.auth,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const ok = (res: LightMyRequestResponse, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res;
};
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const iso = (day: string, hhmm: string) => `${day}T${hhmm}:00.000Z`;

const today = new Date().toISOString().slice(0, 10);
const thisWeek = weekStartOf(today, 'Monday');
/** The period whose files must not change, and an earlier one approved concurrently and reopened. */
const p1 = { start: addDays(thisWeek, -7), end: addDays(thisWeek, -1) };
const p2 = { start: addDays(thisWeek, -14), end: addDays(thisWeek, -8) };

let owner: Account;
let other: Account;
let floor: number;
let dock: number;
let ana: { id: number; code: string };
let ben: { id: number; code: string };
let cy: { id: number; code: string };

/** A report of a period as a file (format) or the JSON answer (no format). */
const report = (who: Who, reportname: string, p: { start: string; end: string }, format?: string) =>
  call(who, 'POST', '/api/getdata', {
    reportname,
    start_date: p.start,
    end_date: p.end,
    page_size: 500,
    ...(format ? { format } : {}),
  });
const bytesOf = async (who: Who, name: string, p: { start: string; end: string }, format: string) =>
  ok(await report(who, name, p, format)).rawPayload;

/** Every format of both reports over the period: what must read the same tomorrow. */
async function files(who: Who, p: { start: string; end: string }) {
  const out: Record<string, Buffer | unknown> = {};
  for (const name of ['Payroll Summary', 'Timesheet']) {
    for (const format of ['csv', 'xlsx', 'pdf'])
      out[`${name}.${format}`] = await bytesOf(who, name, p, format);
    out[`${name}.json`] = ok(await report(who, name, p)).json();
  }
  return out;
}

const listed = async (who: Who, p: { start: string }) => {
  const res = ok(await call(who, 'GET', `/api/pay-periods?from=${p.start}&to=${p.start}`)).json();
  return res.data[0] as { start_date: string; status: string; checksum: string | null };
};
/** The stored lines of a period's reports (each report's totals line first), with the employee's name then. */
const figureLines = async (accountId: number, start: string) =>
  (
    await t.db
      .selectFrom('pay_period_figures')
      .select(['report', 'position', 'employee_ref', 'cells'])
      .where('account_id', '=', accountId)
      .where('start_date', '=', start)
      .orderBy('report')
      .orderBy('position')
      .execute()
  ).map(({ cells, ...l }) => ({ ...l, name: (JSON.parse(cells) as { name?: string } | null)?.name }));
/** The employees' lines only. */
const employeeLines = async (accountId: number, start: string) =>
  (await figureLines(accountId, start)).filter((l) => l.employee_ref !== null);

const employeeBody = (e: { code: string }, name: string, department_id: number, more = {}) => ({
  name,
  employee_id: e.code,
  department_id,
  hourly_rate: '20.00',
  ...more,
});

/** Work of both periods: Ana two days (one of two punches), Ben one, Cy one; 2 + 1 + 1 days a period. */
async function work(accountId: number, start: string) {
  const at = (d: number, hhmm: string) => iso(addDays(start, d), hhmm);
  await insertPunch(t, accountId, ana.id, { time_in: at(0, '09:00'), time_out: at(0, '17:30') });
  await insertPunch(t, accountId, ana.id, { time_in: at(1, '08:00'), time_out: at(1, '12:00') });
  await insertPunch(t, accountId, ana.id, { time_in: at(1, '12:30'), time_out: at(1, '19:00') });
  await insertPunch(t, accountId, ben.id, { time_in: at(3, '10:00'), time_out: at(3, '14:00') });
  await insertPunch(t, accountId, cy.id, { time_in: at(4, '09:00'), time_out: at(4, '17:00') });
}

beforeAll(async () => {
  owner = await createAccount(t);
  other = await createAccount(t);
  ok(await call(owner, 'PUT', '/api/account/plan', { plan: 'pro' }));
  floor = (await createDepartment(t, owner, { dp_name: 'Floor' })).id;
  dock = (await createDepartment(t, owner, { dp_name: 'Dock' })).id;
  ana = await createEmployee(t, owner, { name: 'Ana Alder', department_id: floor, hourly_rate: '20.00' });
  ben = await createEmployee(t, owner, { name: 'Ben Birch', department_id: dock, hourly_rate: '25.00' });
  cy = await createEmployee(t, owner, { name: 'Cy Cedar', department_id: floor, hourly_rate: '18.50' });
  ok(
    await call(owner, 'PUT', '/api/pay-periods/settings', { frequency: 'weekly', anchor_date: '2024-01-01' }),
  );
  await work(owner.accountId, p1.start);
  await work(owner.accountId, p2.start);
});

describe('an approved period reads the same tomorrow', () => {
  it('answers every format from its figures, the same bytes after renames, moves, deletions, rate and rule changes and a late sync', async () => {
    const live = await files(owner, p1);
    ok(await call(owner, 'POST', '/api/pay-periods/approve', { start_date: p1.start }));
    const approved = await files(owner, p1);
    // The figures are what the live reports showed: the same CSV and rows (files carry the approval's time).
    expect(String(approved['Payroll Summary.csv'])).toBe(String(live['Payroll Summary.csv']));
    expect(String(approved['Timesheet.csv'])).toBe(String(live['Timesheet.csv']));
    expect(approved['Payroll Summary.json']).toEqual(live['Payroll Summary.json']);
    expect(approved['Timesheet.json']).toEqual(live['Timesheet.json']);
    // Hand-computed: Ana 510 + 240 + 390 = 1,140 min at $20.00 = $380.00; Ben 240 min at $25 = $100.00;
    // Cy 480 min at $18.50 = $148.00 (no overtime under the default rules: no day over 8 h counts).
    const csv = String(approved['Payroll Summary.csv']);
    expect(csv).toContain('Ana Alder');
    expect((approved['Payroll Summary.json'] as { totals: Record<string, number> }).totals).toMatchObject({
      paid: 1140 + 240 + 480,
    });

    // Tomorrow: Ana renamed and given a raise from this week, Ben moved to the Floor, Cy deleted, the pay rules
    // changed from this week, and a late sync for a day of the period arrives (refused, listed).
    ok(
      await call(
        owner,
        'PUT',
        `/employees/${ana.id}`,
        employeeBody(ana, 'Ana Renamed', floor, {
          hourly_rate: '30.00',
          rate_effective_from: thisWeek,
        }),
      ),
    );
    ok(
      await call(
        owner,
        'PUT',
        `/employees/${ben.id}`,
        employeeBody(ben, 'Ben Birch', floor, { hourly_rate: '25.00' }),
      ),
    );
    ok(await call(owner, 'DELETE', `/employees/${cy.id}`));
    ok(await call(owner, 'PUT', '/api/pay-rules', { effective_from: thisWeek, preset: 'us_flsa' }));
    const station = await createStation(t, owner);
    const sync = ok(
      await t.app.inject({
        method: 'POST',
        url: '/api/punches/sync',
        headers: { authorization: `Station ${station.token}` },
        payload: {
          device_now: new Date().toISOString(),
          punches: [
            {
              client_id: `fig${Date.now()}`,
              kind: 'in',
              employee_id: ana.code,
              device_time: iso(addDays(p1.start, 2), '07:00'),
            },
          ],
        },
      }),
    ).json();
    expect(sync.results[0]).toMatchObject({ status: 'conflict' });
    const issues = ok(await call(owner, 'GET', '/api/punch-conflicts')).json().data as { reason: string }[];
    expect(issues.map((i) => i.reason)).toContain(messages.payPeriods.locked(p1.start, p1.end));

    const tomorrow = await files(owner, p1);
    for (const key of Object.keys(approved)) expect(tomorrow[key], key).toEqual(approved[key]);
    // Shift Details, Timesheet under another name, reads the same lines.
    const shifts = await bytesOf(owner, 'Shift Details', p1, 'csv');
    expect(String(shifts)).toBe(String(approved['Timesheet.csv']));
    // The live reports of a range that is not exactly the period show today's names.
    const inside = ok(
      await report(owner, 'Payroll Summary', { start: p1.start, end: addDays(p1.end, -1) }, 'csv'),
    );
    expect(inside.body).toContain('Ana Renamed');
    expect(String(tomorrow['Payroll Summary.csv'])).not.toContain('Ana Renamed');

    // The list's checksum is the SHA-256 of what the export answers.
    expect((await listed(owner, p1)).checksum).toBe(sha(tomorrow['Payroll Summary.csv'] as Buffer));
  });

  it('shows a department-scoped administrator the rows of their departments as they were', async () => {
    const scoped = (await inviteScoped(t, owner, floor)) as Who;
    const rows = ok(await report(scoped, 'Payroll Summary', p1)).json().data as { name: string }[];
    // Ben was on the Dock in the period (moved to the Floor since): not theirs; Cy (deleted) was on the Floor.
    expect(rows.map((r) => r.name)).toEqual(['Ana Alder', 'Cy Cedar']);
    const lines = ok(await report(scoped, 'Timesheet', p1)).json().data as { name: string }[];
    expect([...new Set(lines.map((r) => r.name))]).toEqual(['Ana Alder', 'Cy Cedar']);
  });

  it('picks an employee or a department as they were, totals summed over the lines shown', async () => {
    const pick = async (more: object) =>
      ok(
        await call(owner, 'POST', '/api/getdata', {
          reportname: 'Payroll Summary',
          start_date: p1.start,
          end_date: p1.end,
          ...more,
        }),
      ).json() as Promise<{ data: { name: string }[]; totals: Record<string, unknown> }>;
    // Ben is on the Floor now; in the period he was on the Dock: 240 min at $25.00 = $100.00.
    const dockRows = await pick({ department_id: dock });
    expect(dockRows.data.map((r) => r.name)).toEqual(['Ben Birch']);
    expect(dockRows.totals).toMatchObject({ employee_id: 'Total', paid: 240, gross: 10000, rate: null });
    // Ana (now renamed) alone: 1,140 min, $380.00.
    const anaRows = await pick({ employee_id: ana.id });
    expect(anaRows.data.map((r) => r.name)).toEqual(['Ana Alder']);
    expect(anaRows.totals).toMatchObject({ paid: 1140, gross: 38000 });
  });
});

describe('approving and reopening', () => {
  it('of 20 concurrent approvals one wins and stores one set of figures; its checksum is the exported CSV', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(owner, 'POST', '/api/pay-periods/approve', { start_date: p2.start }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const lost = answers.filter((a) => a.statusCode !== 200);
    expect(lost.map((a) => a.statusCode)).toEqual(Array(19).fill(409));
    expect(lost.every((a) => a.json().code === 'period.already_approved')).toBe(true);
    // Once: Payroll Summary's totals and 3 employees, Timesheet's totals and 5 punches (Ana 3, Ben 1, Cy 1).
    const lines = await figureLines(owner.accountId, p2.start);
    expect(lines.map((l) => `${l.report}:${l.position}`)).toEqual([
      'Payroll Summary:-1',
      'Payroll Summary:0',
      'Payroll Summary:1',
      'Payroll Summary:2',
      ...[-1, 0, 1, 2, 3, 4].map((n) => `Timesheet:${n}`),
    ]);
    expect(lines.filter((l) => l.report === 'Timesheet').map((l) => l.employee_ref)).toEqual([
      null,
      ana.id,
      ana.id,
      ana.id,
      ben.id,
      cy.id,
    ]);
    const csv = await bytesOf(owner, 'Payroll Summary', p2, 'csv');
    expect((await listed(owner, p2)).checksum).toBe(sha(csv));
  });

  it('reopening deletes the figures (live again); approving again stores them anew', async () => {
    // Approved after the first test's rename; renamed once more since, the stored name stays.
    ok(
      await call(
        owner,
        'PUT',
        `/employees/${ana.id}`,
        employeeBody(ana, 'Ana Third', floor, { hourly_rate: '30.00' }),
      ),
    );
    const before = String(await bytesOf(owner, 'Payroll Summary', p2, 'csv'));
    expect(before).toContain('Ana Renamed');
    ok(await call(owner, 'POST', '/api/pay-periods/reopen', { start_date: p2.start, reason: 'Wrong names' }));
    expect(await figureLines(owner.accountId, p2.start)).toEqual([]);
    const live = String(await bytesOf(owner, 'Payroll Summary', p2, 'csv'));
    expect(live).toContain('Ana Third');
    ok(await call(owner, 'POST', '/api/pay-periods/approve', { start_date: p2.start }));
    const rows = await employeeLines(owner.accountId, p2.start);
    expect(rows).toHaveLength(3 + 5);
    expect(rows[0]).toMatchObject({ report: 'Payroll Summary', name: 'Ana Third' });
    const csv = await bytesOf(owner, 'Payroll Summary', p2, 'csv');
    expect(String(csv)).toBe(live);
    expect((await listed(owner, p2)).checksum).toBe(sha(csv));
  });

  it('never shows one account the figures of another', async () => {
    const mine = ok(await report(other, 'Payroll Summary', p1)).json();
    expect(mine.data).toEqual([]);
    ok(await call(other, 'POST', '/api/pay-periods/approve', { start_date: p1.start }));
    expect(ok(await report(other, 'Payroll Summary', p1)).json().data).toEqual([]);
    expect(await employeeLines(other.accountId, p1.start)).toEqual([]);
    // The first account's figures of the same days are untouched.
    expect(await employeeLines(owner.accountId, p1.start)).toHaveLength(3 + 5);
  });
});

describe('pay period bounds across month and year ends (worked out on a calendar)', () => {
  const v = (frequency: Schedule['frequency'], anchor_date: string) => ({ frequency, anchor_date });
  const b = (start_date: string, end_date: string) => ({ start_date, end_date });

  it('semi-monthly: the 16th to February’s last day (28th, 29th in a leap year), then the 1st', () => {
    const s = v('semimonthly', '2024-01-01');
    expect(periodOf('2025-02-28', s)).toEqual(b('2025-02-16', '2025-02-28'));
    expect(periodOf('2025-03-01', s)).toEqual(b('2025-03-01', '2025-03-15'));
    expect(periodOf('2028-02-29', s)).toEqual(b('2028-02-16', '2028-02-29'));
    expect(periodOf('2027-12-31', s)).toEqual(b('2027-12-16', '2027-12-31'));
    expect(periodOf('2028-01-01', s)).toEqual(b('2028-01-01', '2028-01-15'));
    expect(periodOf('2026-11-30', s)).toEqual(b('2026-11-16', '2026-11-30'));
  });

  it('bi-weekly: 14 days across February’s end and a year end', () => {
    // 2025-02-17 + 13 days: Feb 17..28 is 12 days, then March 1 and 2.
    expect(periodOf('2025-02-28', v('biweekly', '2025-02-17'))).toEqual(b('2025-02-17', '2025-03-02'));
    // 2024 is a leap year: Feb 19..29 is 11 days, then March 1..3.
    expect(periodOf('2024-03-03', v('biweekly', '2024-02-19'))).toEqual(b('2024-02-19', '2024-03-03'));
    expect(periodOf('2024-03-04', v('biweekly', '2024-02-19'))).toEqual(b('2024-03-04', '2024-03-17'));
    // Dec 23..31 is 9 days, then Jan 1..5.
    expect(periodOf('2025-01-01', v('biweekly', '2024-12-23'))).toEqual(b('2024-12-23', '2025-01-05'));
    // Before the anchor too: 14 days earlier.
    expect(periodOf('2024-12-22', v('biweekly', '2024-12-23'))).toEqual(b('2024-12-09', '2024-12-22'));
  });
});
