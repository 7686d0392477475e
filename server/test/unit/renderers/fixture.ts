import type { Cell, ExportInput, ReportColumn } from '../../../src/modules/reports/renderers/types';

/** One column of each kind; times are in New York, 12-hour clock, MM/DD/YY. */
export const columns: ReportColumn[] = [
  { key: 'employee', label: 'Employee', kind: 'text' },
  { key: 'punches', label: 'Punches', kind: 'integer' },
  { key: 'worked', label: 'Worked hours', kind: 'hours' },
  { key: 'pay', label: 'Pay', kind: 'money' },
  { key: 'day', label: 'Day', kind: 'date' },
  { key: 'first_in', label: 'First in', kind: 'datetime' },
];

export const rows: Record<string, Cell>[] = [
  // 19:05 UTC on 2 Nov 2026 is 2:05 PM in New York (EST, daylight saving ended 1 Nov).
  {
    employee: 'Ada Lovelace',
    punches: 3,
    worked: 510,
    pay: 123456,
    day: '2026-11-02',
    first_in: '2026-11-02T19:05:00.000Z',
  },
  { employee: '=HYPERLINK("x")', punches: null, worked: 45, pay: 1, day: '2026-11-03', first_in: null },
];

export const totals: Record<string, Cell> = {
  punches: 3,
  worked: 555,
  pay: 123457,
  day: null,
  first_in: null,
};

export function exportInput(over: Partial<ExportInput> = {}): ExportInput {
  return {
    meta: {
      reportTitle: 'Hours by Employee',
      reportName: 'hours-by-employee',
      companyName: 'Acme Widgets Inc.',
      start: '2026-11-01',
      end: '2026-11-30',
      // 04:30 UTC on 23 Nov is 11:30 PM on 22 Nov in New York.
      generatedAt: '2026-11-23T04:30:00.000Z',
      zone: 'America/New_York',
      dateFormat: 'MM/DD/YY',
      timeFormat: '12 Hours (AM/PM)',
    },
    columns,
    rows,
    totals,
    ...over,
  };
}

/** `count` rows made on demand, as a report query cursor would hand them over. */
export async function* manyRows(count: number): AsyncGenerator<Record<string, Cell>> {
  for (let i = 0; i < count; i++) {
    yield {
      employee: `Employee ${i} with a name long enough to be cut in a narrow column`,
      punches: i % 7,
      worked: 400 + (i % 200),
      pay: 10_000 + i,
      day: `2026-11-${String((i % 30) + 1).padStart(2, '0')}`,
      first_in: new Date(Date.UTC(2026, 10, 1, 13, 0) + i * 60_000).toISOString(),
    };
  }
}
