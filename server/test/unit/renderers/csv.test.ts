import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { renderCsv } from '../../../src/modules/reports/renderers/csv';
import { exportInput, manyRows } from './fixture';

const text = async (stream: Readable) => Buffer.concat(await stream.toArray()).toString('utf8');

describe('CSV export', () => {
  it('writes labels, rows and totals as spreadsheets read them, formula cells neutralised', async () => {
    expect(await text(renderCsv(exportInput()))).toBe(
      '\uFEFFEmployee,Punches,Worked hours,Pay,Day,First in\r\n' +
        'Ada Lovelace,3,8.50,1234.56,11/02/26,11/02/26 2:05 PM\r\n' +
        `"'=HYPERLINK(""x"")",,0.75,0.01,11/03/26,\r\n` +
        'Total,3,9.25,1234.57,,\r\n',
    );
  });

  it('streams many rows in chunks, with no totals line when there are none', async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of renderCsv(exportInput({ rows: manyRows(5000), totals: null })))
      chunks.push(chunk);
    const lines = Buffer.concat(chunks).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('\uFEFFEmployee,Punches,Worked hours,Pay,Day,First in');
    expect(lines).toHaveLength(5001);
    expect(lines[5000]).toMatch(/^Employee 4999 .*,11\/04\/26 7:19 PM$/);
    expect(chunks.length).toBeGreaterThan(1);
  });
});
