import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createAccount, createEmployee, insertPunch } from './factories';
import { useTestApp } from './helper';

/**
 * The account currency (docs/RULES.md#currency) on both databases: USD until set, any ISO 4217 code Intl knows,
 * refused otherwise with a 400 that changes nothing, one account's currency never another's, and the exports
 * show money in it.
 */
const t = useTestApp();

const settingsOf = async (auth: { authorization: string }) =>
  (await t.app.inject({ method: 'GET', url: '/settings', headers: auth })).json()[0];
const save = (auth: { authorization: string }, payload: object) =>
  t.app.inject({ method: 'POST', url: '/settings', headers: auth, payload });

describe('account currency', () => {
  it('is USD until set, takes EUR (also written eur) and shows it to every login of the account only', async () => {
    const a = await createAccount(t);
    const other = await createAccount(t);
    expect((await settingsOf(a.auth)).currency).toBe('USD');
    const saved = await save(a.auth, { currency: ' eur ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.currency).toBe('EUR');
    expect((await settingsOf(a.auth)).currency).toBe('EUR');
    const user = await t.app.inject({ method: 'GET', url: '/api/get-user', headers: a.auth });
    expect(user.json().user.currency).toBe('EUR');
    // Leaving it out keeps it.
    expect((await save(a.auth, { week_start: 'Sunday' })).statusCode).toBe(200);
    expect((await settingsOf(a.auth)).currency).toBe('EUR');
    // The second account is untouched.
    expect((await settingsOf(other.auth)).currency).toBe('USD');
    for (const code of ['GBP', 'CAD', 'AUD', 'CHF', 'JPY', 'USD']) {
      const res = await save(a.auth, { currency: code });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.currency).toBe(code);
    }
  });

  it('refuses what is not a currency Intl knows with 400 on the currency field and keeps the old one', async () => {
    const a = await createAccount(t);
    expect((await save(a.auth, { currency: 'GBP' })).statusCode).toBe(200);
    const bad: unknown[] = ['XYZ', 'US', 'DOLLARS', '', 'E€R', 840, true, null, ['EUR'], { code: 'EUR' }];
    bad.push('<script>alert(1)</script>', 'U'.repeat(10_000), "EUR'; DROP TABLE settings;--");
    for (const currency of bad) {
      const res = await save(a.auth, { currency });
      expect(res.statusCode, `${JSON.stringify(currency).slice(0, 40)}: ${res.body}`).toBe(400);
      expect(res.json().errors.currency[0]).toMatch(/ISO 4217/);
    }
    expect((await settingsOf(a.auth)).currency).toBe('GBP');
  });

  it('writes money in the account currency in the XLSX export and keeps CSV money a plain decimal', async () => {
    const a = await createAccount(t);
    const e = await createEmployee(t, a, { hourly_rate: '20.00' });
    await insertPunch(t, a.accountId, e.id, {
      time_in: '2026-03-02T09:00:00.000Z',
      time_out: '2026-03-02T10:30:00.000Z',
    });
    expect((await save(a.auth, { currency: 'EUR' })).statusCode).toBe(200);
    const body = { reportname: 'Payroll Summary', start_date: '2026-03-02', end_date: '2026-03-02' };
    const xlsx = await t.app.inject({
      method: 'POST',
      url: '/getdata',
      headers: a.auth,
      payload: { ...body, format: 'xlsx' },
    });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const gross = sheet.getRow(2).getCell(header.indexOf('Gross Pay') + 1);
    // 1.5 h × €20.00 = €30.00.
    expect(gross.value).toBe(30);
    expect(gross.numFmt).toBe('"€"#,##0.00');
    const csv = await t.app.inject({
      method: 'POST',
      url: '/getdata',
      headers: a.auth,
      payload: { ...body, format: 'csv' },
    });
    expect(csv.body).toContain('30.00');
    expect(csv.body).not.toContain('€');
  });
});
