import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { schedulesOf } from '../pay-periods/pay-period-of';
import { payPeriodsRepository } from '../pay-periods/pay-periods.repository';
import { periodsBetween } from '../pay-periods/period-calendar';
import { definition } from './time-reports';
import {
  eachRow,
  PERSON_COLUMNS,
  type ReportContext,
  type ReportEntry,
  type Row,
  totalsOf,
} from './report-types';

/**
 * The account's pay period settings as reports read them (docs/RULES.md#pay-periods): the calendar (Payroll
 * Export) and after how long an open shift is a forgotten clock-out (Daily Attendance).
 */
export const payPeriodCalendarSource = (db: Kysely<DB>) => {
  const periods = payPeriodsRepository(db);
  return {
    paySchedules: periods.schedules,
    payPeriodsStored: periods.storedAround,
    forgottenAfterMinutes: periods.forgottenAfterMinutes,
  };
};

/** The pay periods overlapping the report's days, whole (an export pays periods, not parts of them). */
async function periodsOf(ctx: ReportContext) {
  const { start_date: from, end_date: to } = ctx.params;
  const [rows, stored] = await Promise.all([
    ctx.repo.paySchedules(ctx.accountId),
    ctx.repo.payPeriodsStored(ctx.accountId, from, to),
  ]);
  const approved = new Set(stored.filter((s) => s.status === 'approved').map((s) => s.start_date));
  return periodsBetween(from, to, schedulesOf(rows, ctx.rules.weekStart), stored).map((p) => ({
    ...p,
    status: approved.has(p.start_date) ? 'approved' : 'open',
  }));
}

const MONEY = ['premium', 'adjustments', 'gross'] as const;
const HOURS = ['regular', 'overtime', 'double_time'] as const;

/**
 * Payroll Export (README, "Payroll export"): one row per employee and pay period, for import into payroll
 * software. Each period's figures are its Payroll Summary's (`payroll`: the approved ones from their stored
 * figures), so the export and the summary never disagree.
 */
export const payrollExport = (payroll: ReportEntry): ReportEntry => ({
  definition: definition('Payroll Export'),
  columns: [
    ...PERSON_COLUMNS,
    { key: 'period_start', label: 'Period Start', kind: 'date' },
    { key: 'period_end', label: 'Period End', kind: 'date' },
    { key: 'period_status', label: 'Period Status', kind: 'text' },
    { key: 'regular', label: 'Regular Hours', kind: 'hours' },
    { key: 'overtime', label: 'Overtime Hours', kind: 'hours' },
    { key: 'double_time', label: 'Double Time Hours', kind: 'hours' },
    { key: 'premium', label: 'Premiums', kind: 'money' },
    { key: 'adjustments', label: 'Adjustments', kind: 'money' },
    { key: 'gross', label: 'Gross Pay', kind: 'money' },
  ],
  async run(ctx) {
    const rows: Row[] = [];
    for (const p of await periodsOf(ctx)) {
      const params = { ...ctx.params, start_date: p.start_date, end_date: p.end_date };
      const summary = await payroll.run({ ...ctx, params, page: undefined });
      for await (const r of eachRow(summary.rows))
        rows.push({
          employee_id: r.employee_id,
          name: r.name,
          dp_name: r.dp_name,
          period_start: p.start_date,
          period_end: p.end_date,
          period_status: p.status,
          ...Object.fromEntries([...HOURS, ...MONEY].map((k) => [k, r[k] ?? 0])),
        });
    }
    return { rows, totals: totalsOf(rows, 'employee_id', [...HOURS, ...MONEY]) };
  },
});
