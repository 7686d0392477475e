import type { StoredLine } from '../pay-periods/period-figures.repository';
import { eachRow, type ReportContext, type ReportEntry, type Row } from './report-types';
import { covered } from './time-reports';

/*
 * Payroll Summary and Timesheet of an approved period (docs/RULES.md#stored-figures-of-an-approved-period):
 * approval stores the reports' lines as they computed them live then (periodLinesOf: the reports' own code, no
 * second copy of the pay logic), each with whose line it is; a run whose range is exactly an approved period is
 * answered from those lines (fromApprovedPeriod), so its files read the same after renames, moves, deletions and
 * later rate and rule changes.
 */

type Covered = Awaited<ReturnType<typeof covered>>;

/**
 * Whose a report line is: a Timesheet line names its employee (`record_id`); a Payroll Summary line is the next
 * covered employee, in the report's name order, with its Employee ID and name.
 */
function employeeOfLine(employees: Covered) {
  const order = [...employees.values()];
  let at = 0;
  return (row: Row): number | null => {
    if (typeof row.record_id === 'number' && employees.has(row.record_id)) return row.record_id;
    for (let i = at; i < order.length; i++) {
      if (order[i].employee_id !== row.employee_id || order[i].name !== row.name) continue;
      at = i;
      return order[i].id;
    }
    return null;
  };
}

/**
 * The lines approval stores for ctx's period, one at a time: each report run live over the whole account (its
 * totals first, at position -1), each line with its employee and their department now. A generator, so that
 * a big account's Timesheet (a line a punch) is stored as it is made instead of held twice in memory.
 */
export async function* periodLinesOf(
  ctx: ReportContext,
  reports: readonly ReportEntry[],
): AsyncGenerator<StoredLine> {
  const employees = await covered(ctx);
  for (const entry of reports) {
    const report = entry.definition.name;
    const { rows, totals } = await entry.run(ctx);
    yield { report, position: -1, employee_ref: null, department_id: null, cells: JSON.stringify(totals) };
    const whose = employeeOfLine(employees);
    let position = 0;
    for await (const row of eachRow(rows)) {
      const ref = whose(row);
      const department_id = ref === null ? null : employees.get(ref)!.department_id;
      yield { report, position: position++, employee_ref: ref, department_id, cells: JSON.stringify(row) };
    }
  }
}

/** The lines the caller may see: of their departments then, the asked employee or department. */
function visibleLines(ctx: ReportContext, lines: readonly StoredLine[]) {
  const reach = ctx.scope.departments;
  const { employee_id, department_id } = ctx.params;
  return lines.filter((l) =>
    l.employee_ref === null || l.department_id === null
      ? reach === 'all' && !employee_id && !department_id
      : (reach === 'all' || reach.includes(l.department_id)) &&
        (!employee_id || l.employee_ref === employee_id) &&
        (!department_id || l.department_id === department_id),
  );
}

/** The totals over the shown rows: the columns the whole account's totals sum, summed; its other cells as they are. */
function totalsOver(whole: Row, rows: readonly Row[]): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(whole))
    out[key] = typeof value === 'number' ? rows.reduce((n, r) => n + (Number(r[key]) || 0), 0) : value;
  return out;
}

/** A report's rows and totals from its stored lines (of one report, its totals line first), as the caller sees them. */
export function answerFromLines(ctx: ReportContext, lines: readonly StoredLine[]) {
  const [whole, ...rest] = lines;
  const rows = visibleLines(ctx, rest).map((l) => JSON.parse(l.cells) as Row);
  const totals = JSON.parse(whole.cells) as Row | null;
  return { rows, totals: totals && totalsOver(totals, rows) };
}

/**
 * The report answered from an approved period's stored lines when the range is exactly that period, with the
 * time they were stored (`asOf`: what its files carry); any other range runs live.
 */
export const fromApprovedPeriod = (entry: ReportEntry): ReportEntry => {
  const report = entry.definition.name;
  return {
    ...entry,
    async run(ctx) {
      const { start_date: start, end_date: end } = ctx.params;
      const asOf = await ctx.repo.figuresOfPeriod(ctx.accountId, start, end);
      const lines = asOf ? await ctx.repo.storedLines(ctx.accountId, start, report) : [];
      if (!asOf || !lines.length) return entry.run(ctx);
      return { ...answerFromLines(ctx, lines), asOf };
    },
  };
};
