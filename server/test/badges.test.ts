import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { verifyBadge } from '../src/lib/badges';
import { signUp, useTestApp } from './helper';
import { peopleCalls } from './people-helpers';

const t = useTestApp();
const { call, department, employee } = peopleCalls(t);

describe('badges and cards', () => {
  it("prints a card with the employee's name and department as typed, in any Latin, Greek or Cyrillic", async () => {
    const s = await signUp(t.app);
    const dep = await department(s, 'Département Œuvre Łódź');
    const e = await employee(s, dep, { name: 'Łukasz Şahin-Øst', employee_id: 'LS-7' });
    const pdf = await call(s, 'GET', `/api/employees/print/${e.id}`);
    expect(pdf.statusCode).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'card-'));
    writeFileSync(join(dir, 'card.pdf'), pdf.rawPayload);
    const text = execFileSync('pdftotext', [join(dir, 'card.pdf'), '-'], { encoding: 'utf8' });
    // Before: "V¶7¢ ïÆÂ^ahin-Øst" (PDFKit's Helvetica knows Windows-1252 only).
    for (const shown of ['Łukasz Şahin-Øst', 'LS-7', 'Département Œuvre Łódź']) expect(text).toContain(shown);
  });

  it('prints many cards as Letter sheets of eight: chosen ones, a department, or everyone, of this account only', async () => {
    const s = await signUp(t.app);
    const dock = await department(s, 'Dock');
    const yard = await department(s, 'Yard');
    const ids: number[] = [];
    for (let i = 1; i <= 9; i += 1)
      ids.push(
        (
          await employee(s, i <= 7 ? dock : yard, {
            name: `Worker ${String(i).padStart(2, '0')}`,
            employee_id: `W${i}`,
          })
        ).id,
      );
    const print = (body: object, session = s) => call(session, 'POST', '/api/employees/print-cards', body);
    const textOf = (pdf: Buffer) => {
      const dir = mkdtempSync(join(tmpdir(), 'cards-'));
      writeFileSync(join(dir, 'cards.pdf'), pdf);
      return execFileSync('pdftotext', [join(dir, 'cards.pdf'), '-'], { encoding: 'utf8' });
    };
    const pages = (text: string) => text.split('\f').filter((p) => p.trim()).length;

    const all = await print({});
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['content-disposition']).toContain('employee-cards.pdf');
    const everyone = textOf(all.rawPayload);
    for (let i = 1; i <= 9; i += 1) expect(everyone).toContain(`Worker ${String(i).padStart(2, '0')}`);
    expect(pages(everyone)).toBe(2); // eight on the first sheet, one on the second
    const chosen = textOf((await print({ employee_ids: [ids[0], ids[8]] })).rawPayload);
    expect([
      chosen.includes('Worker 01'),
      chosen.includes('Worker 09'),
      chosen.includes('Worker 02'),
    ]).toEqual([true, true, false]);
    const yardOnly = textOf((await print({ department_id: yard })).rawPayload);
    expect(yardOnly).toContain('Worker 08');
    expect(yardOnly).not.toContain('Worker 01');

    // Another account's ids print nothing; bad input is refused.
    const other = await signUp(t.app);
    expect((await print({ employee_ids: [ids[0]] }, other)).statusCode).toBe(404);
    expect((await print({ employee_ids: [] })).statusCode).toBe(400);
    expect((await print({ employee_ids: Array.from({ length: 1001 }, (_, i) => i + 1) })).statusCode).toBe(
      400,
    );
    expect((await print({ employee_ids: ['x'] })).statusCode).toBe(400);
    // Three PDFs of many cards: 32 s once beside two other API files on a loaded 2-core machine.
  }, 120_000);

  it('gives a signed badge QR, a card PDF, and regenerating the badge invalidates the old one', async () => {
    const s = await signUp(t.app);
    const e = await employee(s, await department(s));
    const qr = await call(s, 'GET', `/api/employees/qr/${e.id}`);
    expect(qr.json()).toMatchObject({
      status: 'success',
      data: { employee_id: 'A100', name: 'Ada Lovelace' },
    });
    expect(qr.json().data.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    const gen = await call(s, 'GET', `/api/employee/${e.id}/generate-qr`);
    expect(gen.json()).toMatchObject({
      employee_id: 'A100',
      name: 'Ada Lovelace',
      message: messages.people.qrGenerated,
    });
    const pdf = await call(s, 'GET', `/api/employees/print/${e.id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('employee-card-A100.pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const { sign } = await import('../src/lib/badges').then((m) => ({ sign: m.signBadge }));
    const row = await t.db
      .selectFrom('employees')
      .select(['account_id', 'badge_version'])
      .where('id', '=', e.id)
      .executeTakeFirstOrThrow();
    const oldBadge = sign('test-secret', {
      accountId: row.account_id,
      employeeRef: e.id,
      version: row.badge_version,
    });
    expect(verifyBadge('test-secret', oldBadge)).toBeTruthy();
    const before = await call(s, 'POST', '/api/check-employee', { badge: oldBadge });
    expect(before.statusCode, before.body).toBe(200);
    expect((await call(s, 'POST', `/api/employees/${e.id}/regenerate-badge`)).json().message).toBe(
      messages.people.badgeRegenerated,
    );
    const after = await call(s, 'POST', '/api/check-employee', { badge: oldBadge });
    expect(after.statusCode).toBeGreaterThanOrEqual(400);
  });
});
