import { shownDeduction } from '@punchclock/contract';
import type { ReportEntry, Row } from './report-types';
import { coveredPunches, definition, punchMinutes, shownTime } from './time-reports';

/**
 * Activity (one of the employee's own reports, docs/RULES.md#employee-reports): every punch of the period,
 * work and breaks, in time order, with its type, deduction, length (the engine's definition of time worked;
 * the total counts work only) and whether it was synced late. The same punches as Timesheet (coveredPunches);
 * the covered employees as every time report's.
 */
export const activity: ReportEntry = {
  definition: definition('Activity'),
  columns: [
    { key: 'date', label: 'Date', kind: 'date' },
    { key: 'employee_id', label: 'Employee ID', kind: 'text' },
    { key: 'name', label: 'Name', kind: 'text' },
    { key: 'type', label: 'Type', kind: 'text' },
    { key: 'deduction', label: 'Deduction', kind: 'text' },
    { key: 'time_in', label: 'Time In', kind: 'datetime' },
    { key: 'time_out', label: 'Time Out', kind: 'datetime' },
    { key: 'hours', label: 'Hours', kind: 'hours' },
    { key: 'late_sync', label: 'Synced Late', kind: 'text' },
  ],
  async run(ctx) {
    const { employees, punches } = await coveredPunches(ctx);
    let hours = 0;
    const rows = punches.map((p): Row => {
      const e = employees.get(p.employee_ref)!;
      const minutes = punchMinutes(p, ctx.rules);
      // The total is the time worked: breaks are listed with their length but are not work.
      if (p.type === 'None') hours += minutes ?? 0;
      return {
        date: p.work_date,
        employee_id: e.employee_id,
        name: e.name,
        type: p.type,
        deduction: shownDeduction(p),
        time_in: shownTime(ctx, p.time_in),
        time_out: shownTime(ctx, p.time_out),
        hours: minutes,
        late_sync: p.late_sync ? 'Yes' : 'No',
      };
    });
    return { rows, totals: { date: 'Total', hours } };
  },
};
