import { describe, expect, it } from 'vitest';
import { renderExport } from '../../../src/modules/reports/renderers';
import type { Cell } from '../../../src/modules/reports/renderers/types';
import { exportInput } from './fixture';

describe('renderExport', () => {
  it('answers the content type, the file name and a stream for each format', async () => {
    const csv = renderExport('csv', exportInput());
    expect(csv.contentType).toBe('text/csv; charset=utf-8');
    expect(csv.fileName).toBe('hours-by-employee-2026-11-01-2026-11-30.csv');

    const xlsx = renderExport(
      'xlsx',
      exportInput({ meta: { ...exportInput().meta, start: null, end: null } }),
    );
    expect(xlsx.fileName).toBe('hours-by-employee.xlsx');
    expect(xlsx.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(
      Buffer.concat(await xlsx.stream.toArray())
        .subarray(0, 2)
        .toString('latin1'),
    ).toBe('PK');

    const pdf = renderExport('pdf', exportInput());
    expect(pdf.contentType).toBe('application/pdf');
    expect(
      Buffer.concat(await pdf.stream.toArray())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });

  it('ends the stream with the error when the rows fail midway', async () => {
    async function* failing(): AsyncGenerator<Record<string, Cell>> {
      yield { employee: 'A' };
      throw new Error('cursor lost');
    }
    for (const format of ['csv', 'xlsx', 'pdf'] as const) {
      const { stream } = renderExport(format, exportInput({ rows: failing() }));
      await expect(stream.toArray()).rejects.toThrow('cursor lost');
    }
  });
});
