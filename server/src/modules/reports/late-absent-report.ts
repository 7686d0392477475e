import { attendanceBook, attendanceOf } from '../schedules/attendance';
import { addDays } from '../time/calendar';
import { DAY_PERSON_COLUMNS, type ReportEntry, type Row } from './report-types';
import { definition, periodDays } from './time-reports';

/**
 * Late and Absent (docs/RULES.md#schedules): per employee and scheduled day of the period, the schedule, the
 * first in and last out (raw times), minutes late, minutes early and whether they were absent. The day figures
 * come from the time engine; the reading against the schedule from modules/schedules/attendance.ts. Days with
 * nothing scheduled are left out; an employee who has left shows only the days they worked (they cannot be
 * absent after leaving). A day still to come is neither late nor absent.
 */
export const lateAndAbsent: ReportEntry = {
  definition: definition('Late and Absent'),
  columns: [
    ...DAY_PERSON_COLUMNS,
    { key: 'scheduled_start', label: 'Scheduled Start', kind: 'datetime' },
    { key: 'scheduled_end', label: 'Scheduled End', kind: 'datetime' },
    { key: 'first_in', label: 'First In', kind: 'datetime' },
    { key: 'last_out', label: 'Last Out', kind: 'datetime' },
    { key: 'minutes_late', label: 'Minutes Late', kind: 'integer' },
    { key: 'minutes_early', label: 'Minutes Early', kind: 'integer' },
    { key: 'absent', label: 'Absent', kind: 'text' },
  ],
  async run(ctx) {
    const [{ employees, days }, scheduleRows, versions] = await Promise.all([
      periodDays(ctx),
      ctx.repo.scheduleRows(ctx.accountId),
      ctx.repo.payRuleVersions(ctx.accountId),
    ]);
    const book = attendanceBook(scheduleRows, versions, ctx.rules.zone, new Date());
    const dayOf = new Map(days.map((d) => [`${d.employeeRef} ${d.day}`, d]));
    const rows: Row[] = [];
    for (const e of employees.values()) {
      for (let day = ctx.params.start_date; day <= ctx.params.end_date; day = addDays(day, 1)) {
        const d = dayOf.get(`${e.id} ${day}`);
        if (e.deleted_at !== null && !d?.rawFirstIn) continue;
        const a = attendanceOf(book, e, day, d);
        if (!a) continue;
        rows.push({
          date: day,
          employee_id: e.employee_id,
          name: e.name,
          dp_name: e.dp_name,
          scheduled_start: a.scheduledStart,
          scheduled_end: a.scheduledEnd,
          first_in: d?.rawFirstIn ?? null,
          last_out: d && d.openShifts === 0 ? d.rawLastOut : null,
          minutes_late: a.minutesLate,
          minutes_early: a.minutesEarly,
          absent: a.absent ? 'Yes' : 'No',
        });
      }
    }
    const absent = rows.filter((r) => r.absent === 'Yes').length;
    const late = rows.filter((r) => Number(r.minutes_late) > 0).length;
    const totals: Row = {
      date: 'Total',
      minutes_late: rows.reduce((n, r) => n + Number(r.minutes_late), 0),
      minutes_early: rows.reduce((n, r) => n + Number(r.minutes_early), 0),
      absent: `${absent} absent, ${late} late`,
    };
    return { rows, totals };
  },
};
