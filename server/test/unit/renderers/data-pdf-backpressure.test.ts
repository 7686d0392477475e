import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { renderDataPdf } from '../../../src/modules/data-export/data-export.pdf';
import { DATE_FORMATS, TIME_FORMATS } from '@punchclock/contract';

/**
 * "Your data" as a PDF to a slow reader: drawing waits while the reader is behind (the document never holds
 * much more than its 1 MiB high-water mark unread), and every page still arrives, whole.
 */
describe('your-data PDF backpressure', () => {
  it('holds about its high-water mark unread at most for a slow reader, and the file is whole', async () => {
    let produced = 0;
    async function* rows() {
      for (let i = 0; i < 6_000; i++) {
        produced++;
        yield { name: `Employee number ${i} with a rather long name`, code: `E${i}`, note: 'x'.repeat(40) };
      }
    }
    const highWater = 64 * 1024;
    const doc = renderDataPdf(
      {
        fileBase: 'user_data_1',
        meta: {
          reportTitle: 'Your data',
          reportName: 'Your data',
          companyName: 'Slow Reader Ltd',
          start: null,
          end: null,
          generatedAt: '2026-11-24T08:00:00.000Z',
          zone: 'UTC',
          dateFormat: DATE_FORMATS[0],
          timeFormat: TIME_FORMATS[0],
        },
        sections: [
          {
            name: 'Employees',
            columns: [
              { key: 'name', label: 'Name', kind: 'text' },
              { key: 'code', label: 'Employee ID', kind: 'text' },
              { key: 'note', label: 'Note', kind: 'text' },
            ],
            rows: rows(),
          },
        ],
      },
      highWater,
    );
    let maxUnread = 0;
    let producedAtFirstWrite = -1;
    const chunks: Buffer[] = [];
    const slow = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _enc, done) {
        if (producedAtFirstWrite < 0) producedAtFirstWrite = produced;
        maxUnread = Math.max(maxUnread, doc.readableLength);
        chunks.push(chunk);
        setTimeout(done, 1);
      },
    });
    await pipeline(doc, slow);
    const pdf = Buffer.concat(chunks);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
    expect(produced).toBe(6_000);
    // Writing began long before the last row was drawn, and the unread output stayed near the high-water mark
    // (one page's output can pass it before the check between pages).
    expect(producedAtFirstWrite).toBeLessThan(3_000);
    expect(maxUnread).toBeLessThan(2 * highWater);
    expect(pdf.length).toBeGreaterThan(3 * highWater);
  }, 60_000);
});
