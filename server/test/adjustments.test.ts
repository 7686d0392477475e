import { adjustmentMessages, messages } from '@punchclock/contract';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../src/modules/time/calendar';
import {
  type Account,
  createAccount,
  createDepartment,
  createEmployee,
  createEmployeeLogin,
} from './factories';
import { useTestApp } from './helper';
import { callerOf, lastSunday, lastWeek, ok, thisWeek, today, type Who } from './pay-period-support';

/**
 * Adjustments over HTTP on both databases (docs/RULES.md#adjustments): a manager corrects a day of an approved
 * (locked) week without touching its punches; the adjustment is paid in the week open today, labelled with the day
 * it corrects, in Payroll Summary and Timesheet; the approved week's Payroll Summary does not move. The account is
 * in UTC with weekly periods from Monday 2024-01-01 and California's pay rules (Labor Code §510).
 */
const t = useTestApp();
const call = callerOf(t);
const report = async (who: Who, reportname: string, start_date: string, end_date: string) =>
  ok(await call(who, 'POST', '/getdata', { reportname, start_date, end_date })) as {
    data: Record<string, number | string | null>[];
    totals: Record<string, number | string | null>;
  };

let owner: Account;
let other: Account;
let worker: { id: number; code: string };
let elsewhere: { id: number; code: string };
let employee: Who;
let lastWeekCsv: string;

beforeAll(async () => {
  owner = await createAccount(t);
  other = await createAccount(t);
  ok(await call(owner, 'PUT', '/api/account/plan', { plan: 'pro' }));
  ok(await call(owner, 'PUT', '/api/pay-rules', { effective_from: '2024-01-01', preset: 'us_california' }));
  ok(
    await call(owner, 'PUT', '/api/pay-periods/settings', { frequency: 'weekly', anchor_date: '2024-01-01' }),
  );
  const dept = (await createDepartment(t, owner, { dp_name: 'Floor' })).id;
  const away = (await createDepartment(t, owner, { dp_name: 'Yard' })).id;
  worker = await createEmployee(t, owner, {
    name: 'Ada Adjusted',
    department_id: dept,
    hourly_rate: '20.00',
  });
  elsewhere = await createEmployee(t, owner, { name: 'Yul Yard', department_id: away, hourly_rate: '18.50' });
  employee = (await createEmployeeLogin(t, owner, { department_id: dept })) as Who;
  // Last Monday 09:00–17:00: 8 h, all regular under §510.
  ok(
    await call(owner, 'POST', '/api/manual-punches', {
      employee_id: worker.id,
      date: lastWeek,
      time_in: '09:00',
      time_out: '17:00',
      type: 'None',
      deduction: 'Manual',
    }),
    201,
  );
  ok(await call(owner, 'POST', '/api/pay-periods/approve', { start_date: lastWeek }));
  lastWeekCsv = (
    await call(owner, 'POST', '/getdata', {
      reportname: 'Payroll Summary',
      start_date: lastWeek,
      end_date: lastSunday,
      format: 'csv',
    })
  ).body;
});

describe('adjustments', () => {
  it('records a correction of a locked day at that day’s rate and multiplier, paid today', async () => {
    // 90 min regular at $20.00: 1.50 h × $20.00 = $30.00.
    const regular = ok(
      await call(owner, 'POST', '/api/adjustments', {
        employee_id: worker.id,
        date: lastWeek,
        minutes: 90,
        note: 'Stayed for the stock count, forgot to punch',
      }),
    );
    expect(regular.message).toBe(adjustmentMessages.created);
    expect(regular.data).toMatchObject({
      employee_ref: worker.id,
      employee_name: 'Ada Adjusted',
      date: lastWeek,
      paid_on: today,
      minutes: 90,
      pay: 'regular',
      rate_cents: 2000,
      multiplier: 1,
      cents: 3000,
    });
    // 2 h of overtime (§510: 1.5×): 2.00 h × $20.00 × 1.5 = $60.00.
    const overtime = ok(
      await call(owner, 'POST', '/api/adjustments', {
        employee_id: String(worker.id),
        date: addDays(lastWeek, 1),
        minutes: 120,
        pay: 'overtime',
        note: 'Overtime on Tuesday not punched',
      }),
    );
    expect(overtime.data).toMatchObject({ multiplier: 1.5, cents: 6000 });
    // The corrected days' punches did not move; the list shows both, newest first.
    const list = ok(await call(owner, 'GET', `/api/adjustments?start_date=${lastWeek}&end_date=${today}`));
    expect(list.data.map((a: { cents: number }) => a.cents)).toEqual([6000, 3000]);
  });

  it('pays them in the open week, labelled with the day they correct; the approved week does not move', async () => {
    const end = addDays(thisWeek, 6);
    const payroll = await report(owner, 'Payroll Summary', thisWeek, end);
    const row = payroll.data.find((r) => r.name === 'Ada Adjusted')!;
    // No work this week: only the adjustments, $30.00 + $60.00 = $90.00, all of the gross.
    expect(row).toMatchObject({ worked: 0, paid: 0, adjustments: 9000, gross: 9000 });
    expect(payroll.totals).toMatchObject({ adjustments: 9000, gross: 9000 });
    const sheet = await report(owner, 'Timesheet', thisWeek, end);
    expect(sheet.data.map((r) => [r.date, r.type, r.hours, r.gross])).toEqual([
      [today, adjustmentMessages.label(lastWeek), 90, 3000],
      [today, adjustmentMessages.label(addDays(lastWeek, 1)), 120, 6000],
    ]);
    // The employee's earnings over this week list them, labelled with their days, beside the engine's gross.
    const earned = ok(
      await call(owner, 'POST', '/api/with-deductions', {
        employee_id: worker.code,
        start_date: thisWeek,
        end_date: end,
      }),
    ).data;
    expect(earned.totals).toMatchObject({ gross_cents: 0, adjustments_cents: 9000 });
    expect(earned.adjustments.map((a: { date: string; cents: number }) => [a.date, a.cents])).toEqual([
      [lastWeek, 3000],
      [addDays(lastWeek, 1), 6000],
    ]);
    // The approved week: 8 h at $20.00 = $160.00, and one hour's pay ($20.00) as the premium for the missing meal
    // period of a day over 5 h (Labor Code §512, §226.7): $180.00, no adjustment, the same bytes as when approved.
    const approved = await report(owner, 'Payroll Summary', lastWeek, lastSunday);
    expect(approved.data.find((r) => r.name === 'Ada Adjusted')).toMatchObject({
      regular: 480,
      premium: 2000,
      adjustments: 0,
      gross: 18_000,
    });
    const again = await call(owner, 'POST', '/getdata', {
      reportname: 'Payroll Summary',
      start_date: lastWeek,
      end_date: lastSunday,
      format: 'csv',
    });
    expect(again.body).toBe(lastWeekCsv);
  });

  it('refuses a day of an open period, bad minutes, a missing note and unknown employees, changing nothing', async () => {
    const base = { employee_id: worker.id, date: lastWeek, minutes: 30, note: 'n' };
    const notLocked = await call(owner, 'POST', '/api/adjustments', { ...base, date: thisWeek });
    expect(notLocked.statusCode).toBe(422);
    expect(notLocked.json()).toMatchObject({
      code: 'adjustment.not_locked',
      message: adjustmentMessages.notLocked(thisWeek),
    });
    const bad: [object, string][] = [
      [{ ...base, minutes: 0 }, adjustmentMessages.zero],
      [{ ...base, minutes: 1441 }, adjustmentMessages.tooLong],
      [{ ...base, minutes: -1441 }, adjustmentMessages.tooLong],
      [{ ...base, minutes: 1.5 }, adjustmentMessages.wholeMinutes],
      [{ ...base, minutes: '30' }, 'Minutes must be a number.'],
      [{ ...base, note: '' }, 'Note is required.'],
      [{ ...base, note: 'x'.repeat(501) }, 'Note must be at most 500 characters.'],
      [{ ...base, date: '2026-02-30' }, 'Date is not a real calendar date.'],
      [{ ...base, pay: 'triple' }, 'pay must be one of regular, overtime, double_time.'],
      [{ ...base, extra: 1 }, ''],
      // Past PostgreSQL's integer: refused before the database (it answered 500 in a hostile-input run).
      [{ ...base, employee_id: 2_147_483_648 }, 'employee_id is too large.'],
      [{ ...base, employee_id: '99999999999' }, 'employee_id must be a number.'],
      [{ minutes: 30, note: 'n', date: lastWeek }, ''],
    ];
    for (const [body, message] of bad) {
      const res = await call(owner, 'POST', '/api/adjustments', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(JSON.stringify(res.json().errors ?? res.json().message)).toContain(message);
    }
    expect(
      (await call(owner, 'POST', '/api/adjustments', { ...base, employee_id: 999_999 })).statusCode,
    ).toBe(404);
    const count = ok(await call(owner, 'GET', `/api/adjustments?start_date=${lastWeek}&end_date=${today}`));
    expect(count.data).toHaveLength(2);
    for (const q of ['', `start_date=${today}&end_date=${lastWeek}`, 'start_date=x&end_date=y'])
      expect((await call(owner, 'GET', `/api/adjustments?${q}`)).statusCode).toBe(400);
  });

  it('is for managers of the account: an employee gets 403, another account sees nothing and reaches no one', async () => {
    const body = { employee_id: worker.id, date: lastWeek, minutes: 30, note: 'n' };
    expect((await call(employee, 'POST', '/api/adjustments', body)).statusCode).toBe(403);
    expect(
      (await call(employee, 'GET', `/api/adjustments?start_date=${lastWeek}&end_date=${today}`)).statusCode,
    ).toBe(403);
    expect((await call(null, 'POST', '/api/adjustments', body)).statusCode).toBe(401);
    const foreign = await call(other, 'POST', '/api/adjustments', body);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(messages.employees.notFound);
    expect(
      ok(await call(other, 'GET', `/api/adjustments?start_date=${lastWeek}&end_date=${today}`)).data,
    ).toEqual([]);
    const mine = ok(await call(owner, 'GET', `/api/adjustments?start_date=${lastWeek}&end_date=${today}`));
    expect((await call(other, 'DELETE', `/api/adjustments/${mine.data[0].id}`)).statusCode).toBe(404);
    // Yul worked nothing last week, but a day of an approved week is adjusted for anyone of the account.
    const yul = ok(
      await call(owner, 'POST', '/api/adjustments', {
        employee_id: elsewhere.id,
        date: lastSunday,
        minutes: -30,
        note: 'Paid a break that was not taken off',
      }),
    );
    // −0.50 h × $18.50 = −$9.25.
    expect(yul.data).toMatchObject({ cents: -925, rate_cents: 1850 });
  });

  it('is deleted while the week it is paid in is open, and no longer once that week is approved', async () => {
    const list = ok(await call(owner, 'GET', `/api/adjustments?start_date=${lastWeek}&end_date=${today}`));
    const yul = list.data.find((a: { employee_name: string }) => a.employee_name === 'Yul Yard');
    expect(ok(await call(owner, 'DELETE', `/api/adjustments/${yul.id}`)).message).toBe(
      adjustmentMessages.deleted,
    );
    expect((await call(owner, 'DELETE', `/api/adjustments/${yul.id}`)).statusCode).toBe(404);
    // One paid last week (recorded then): last week is approved, so it stays.
    const paidLastWeek = await t.db
      .insertInto('adjustments')
      .values({
        account_id: owner.accountId,
        employee_ref: worker.id,
        date: lastWeek,
        paid_on: lastSunday,
        minutes: 15,
        pay: 'regular',
        rate_cents: 2000,
        multiplier_milli: 1000,
        cents: 500,
        note: 'old',
        created_by: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const locked = await call(owner, 'DELETE', `/api/adjustments/${paidLastWeek.id}`);
    expect(locked.statusCode).toBe(423);
    expect(locked.json()).toMatchObject({
      code: 'period.locked',
      message: adjustmentMessages.paidLocked(lastWeek, lastSunday),
    });
  });
});

describe('payroll export', () => {
  it('has one row per employee and pay period, the approved week from its stored figures, in CSV and XLSX', async () => {
    const end = addDays(thisWeek, 6);
    const run = (format?: 'csv' | 'xlsx') =>
      call(owner, 'POST', '/getdata', {
        reportname: 'Payroll Export',
        start_date: addDays(lastWeek, 3),
        end_date: today,
        ...(format ? { format } : {}),
      });
    const answer = ok(await run());
    // Whole weeks: from last Monday to this Sunday, though the range starts last Thursday and ends today.
    expect(
      answer.data.map((r: Record<string, unknown>) => [
        r.name,
        r.period_start,
        r.period_end,
        r.period_status,
        r.regular,
        r.premium,
        r.adjustments,
        r.gross,
      ]),
    ).toEqual([
      // Last week as approved: 8 h × $20.00 + the §226.7 meal premium $20.00; the adjustment inserted afterwards
      // with a paid_on in it is not in the stored figures.
      ['Ada Adjusted', lastWeek, lastSunday, 'approved', 480, 2000, 0, 18_000],
      // This week: the two adjustments, $30.00 + $60.00 (Yul's was deleted).
      ['Ada Adjusted', thisWeek, end, 'open', 0, 0, 9000, 9000],
    ]);
    expect(answer.totals).toMatchObject({ gross: 27_000, adjustments: 9000 });
    const csv = await run('csv');
    expect(csv.statusCode).toBe(200);
    const [header, first] = csv.body.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(header).toBe(
      'Employee ID,Name,Department,Period Start,Period End,Period Status,Regular Hours,Overtime Hours,Double Time Hours,Premiums,Adjustments,Gross Pay',
    );
    expect(first).toContain(`,Ada Adjusted,Floor,`);
    expect(first).toMatch(/,approved,8\.00,0\.00,0\.00,"?\$?20\.00"?,"?\$?0\.00"?,"?\$?180\.00"?$/);
    const xlsx = await run('xlsx');
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const cells = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    const head = cells(1).map(String);
    const rowOf = (name: string, status: string) =>
      [2, 3, 4]
        .map(cells)
        .find((c) => c[head.indexOf('Name')] === name && c[head.indexOf('Period Status')] === status)!;
    expect(rowOf('Ada Adjusted', 'open')[head.indexOf('Adjustments')]).toBe(90);
    expect(rowOf('Ada Adjusted', 'approved')[head.indexOf('Gross Pay')]).toBe(180);
    // Bad input: a range the other way round, or over a year, is a 400.
    for (const [s, e] of [
      [today, lastWeek],
      ['2024-01-01', today],
    ])
      expect(
        (await call(owner, 'POST', '/getdata', { reportname: 'Payroll Export', start_date: s, end_date: e }))
          .statusCode,
      ).toBe(400);
    // Another account's export lists none of these people.
    const foreign = ok(
      await call(other, 'POST', '/getdata', {
        reportname: 'Payroll Export',
        start_date: lastWeek,
        end_date: today,
      }),
    );
    expect(foreign.data).toEqual([]);
  });
});
