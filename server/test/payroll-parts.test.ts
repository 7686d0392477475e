import { beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '../src/lib/time';
import { payParts } from '../src/modules/time/pay/period-pay';
import { createAccount, createDepartment } from './factories';
import { useTestApp } from './helper';
import { callerOf, ok, type Who } from './pay-period-support';

const t = useTestApp();
const call = callerOf(t);

/** More than a report reads one by one (time-reports.ts FEW_EMPLOYEES): the account's pay is summed in parts. */
const EMPLOYEES = 1010;
/** Monday to Saturday of a past week: six days of work, so California's daily and weekly overtime both apply. */
const DAYS = ['2026-10-05', '2026-10-06', '2026-10-07', '2026-10-08', '2026-10-09', '2026-10-10'];
const period = { start_date: '2026-10-04', end_date: '2026-10-10' };

let owner: Who;
let codes: string[];

/**
 * Payroll Summary of a big account (docs/ARCHITECTURE.md "Parallel reads"): the database sums its pay in parts,
 * one range of employee ids each, at once (SQLite worker threads, PostgreSQL concurrent queries). Every employee
 * is in exactly one part: the whole report has each employee once, with the figures the report gives that
 * employee alone (one query, no parts).
 */
describe('Payroll Summary of a big account, summed in parts', () => {
  beforeAll(async () => {
    const account = await createAccount(t);
    owner = account;
    const department = await createDepartment(t, account);
    const { time_zone: zone } = await t.db
      .selectFrom('accounts')
      .select('time_zone')
      .where('id', '=', account.accountId)
      .executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    codes = Array.from({ length: EMPLOYEES }, (_, i) => `BIG${String(i).padStart(4, '0')}`);
    const ids: number[] = [];
    for (let i = 0; i < EMPLOYEES; i += 500) {
      const rows = await t.db
        .insertInto('employees')
        .values(
          codes.slice(i, i + 500).map((code, k) => ({
            account_id: account.accountId,
            department_id: department.id,
            employee_id: code,
            name: `Big ${code}`,
            hourly_rate_cents: 1500 + ((i + k) % 37) * 25,
            created_at: at,
            updated_at: at,
          })),
        )
        .returning('id')
        .execute();
      ids.push(...rows.map((r) => r.id));
    }
    // Each employee a different length of day (8 h to 11 h 45 by quarter hours), clocked in at 14:00 UTC.
    const punches = ids.flatMap((id, n) =>
      DAYS.map((day) => {
        const timeIn = new Date(`${day}T14:00:00.000Z`);
        const timeOut = new Date(timeIn.getTime() + (480 + (n % 16) * 15) * 60_000);
        return {
          account_id: account.accountId,
          employee_ref: id,
          client_id: `big-${id}-${day}`,
          work_date: localDay(timeIn, zone),
          time_in: timeIn.toISOString(),
          time_out: timeOut.toISOString(),
          received_in_at: at,
          source: 'manual' as const,
          created_at: at,
          updated_at: at,
        };
      }),
    );
    for (let i = 0; i < punches.length; i += 500)
      await t.db
        .insertInto('punches')
        .values(punches.slice(i, i + 500))
        .execute();
    ok(
      await call(owner, 'PUT', '/api/pay-rules', {
        effective_from: '2000-01-01',
        preset: 'us_california',
      }),
    );
  }, 60_000);

  it('has every employee once, each with the figures of their own report', async () => {
    expect(payParts.count).toBeGreaterThanOrEqual(1);
    const page = async (n: number) =>
      ok(
        await call(owner, 'POST', '/getdata', {
          reportname: 'Payroll Summary',
          ...period,
          page: n,
          page_size: 1000,
        }),
      );
    const first = await page(1);
    const rows = [...first.data, ...(await page(2)).data] as Record<string, unknown>[];
    expect(rows.map((r) => r.employee_id).sort()).toEqual(codes);
    // Daily overtime past 8 h, and the sixth day's hours past 40 in the week, for those with long days.
    expect(rows.filter((r) => Number(r.overtime) > 0).length).toBeGreaterThan(EMPLOYEES / 2);
    const byCode = new Map(rows.map((r) => [r.employee_id, r]));
    // Both ends of each part, and some between: by id order, so the codes in order.
    for (const code of [codes[0], codes[504], codes[505], codes[506], codes[777], codes[EMPLOYEES - 1]]) {
      const { id } = await t.db
        .selectFrom('employees')
        .select('id')
        .where('employee_id', '=', code)
        .executeTakeFirstOrThrow();
      const alone = ok(
        await call(owner, 'POST', '/getdata', { reportname: 'Payroll Summary', ...period, employee_id: id }),
      );
      expect(alone.data).toHaveLength(1);
      expect(byCode.get(code)).toEqual(alone.data[0]);
    }
    // The totals are the rows' sums.
    const sum = (key: string) => rows.reduce((n, r) => n + Number(r[key]), 0);
    for (const key of ['worked', 'regular', 'overtime', 'double_time', 'gross'])
      expect(Number(first.totals[key]), key).toBe(sum(key));
  });
});
