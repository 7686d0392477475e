import { roundingEffect } from '../time/rounding-effect';
import { PERSON_COLUMNS, personCells, type ReportEntry, type Row, totalsOf } from './report-types';
import { coveredPunches, definition } from './time-reports';

const FIGURES = ['punches', 'raw_hours', 'rounded_hours', 'added', 'took', 'net'] as const;

/**
 * Rounding Effect (docs/RULES.md#rounding-effect): per employee over the period, the minutes Time Rounding added
 * to their closed work punches, the minutes it took, and the net (added − took), beside their worked hours raw
 * and rounded. Without Time Rounding every figure of it is 0.
 */
export const roundingEffectReport: ReportEntry = {
  definition: definition('Rounding Effect'),
  columns: [
    ...PERSON_COLUMNS,
    { key: 'punches', label: 'Punches', kind: 'integer' },
    { key: 'raw_hours', label: 'Raw Hours', kind: 'hours' },
    { key: 'rounded_hours', label: 'Rounded Hours', kind: 'hours' },
    { key: 'added', label: 'Minutes Added', kind: 'integer' },
    { key: 'took', label: 'Minutes Taken', kind: 'integer' },
    { key: 'net', label: 'Net Minutes', kind: 'integer' },
  ],
  async run(ctx) {
    const { employees, punches } = await coveredPunches(ctx);
    const byEmployee = new Map<number, typeof punches>();
    for (const p of punches) {
      const list = byEmployee.get(p.employee_ref);
      if (list) list.push(p);
      else byEmployee.set(p.employee_ref, [p]);
    }
    const rows: Row[] = [];
    for (const e of employees.values()) {
      const own = byEmployee.get(e.id);
      if (!own) continue;
      const r = roundingEffect(own, ctx.rules);
      if (r.punches === 0) continue;
      rows.push({
        ...personCells(e),
        punches: r.punches,
        raw_hours: r.rawMinutes,
        rounded_hours: r.roundedMinutes,
        added: r.added,
        took: r.took,
        net: r.added - r.took,
      });
    }
    return { rows, totals: totalsOf(rows, 'employee_id', FIGURES) };
  },
};
