import { describe, expect, it } from 'vitest';
import {
  cellText,
  exportFileName,
  formatDate,
  formatDateTime,
  formatPeriod,
  hoursFromMinutes,
  hoursText,
  moneyNumber,
  moneyText,
} from '../../../src/modules/reports/renderers/format';
import { exportInput } from './fixture';

describe('report cell formatting', () => {
  it('shows minutes as hours with 2 decimals', () => {
    expect(hoursFromMinutes(510)).toBe(8.5);
    expect(hoursText(510)).toBe('8.50');
    expect(hoursFromMinutes(1)).toBe(0.02); // 1/60 = 0.0166…
    expect(hoursText(0)).toBe('0.00');
    expect(hoursFromMinutes(-90)).toBe(-1.5);
  });

  it('shows cents as dollars with thousands separators', () => {
    expect(moneyText(1)).toBe('$0.01');
    expect(moneyNumber(1)).toBe(0.01);
    expect(moneyText(123456)).toBe('$1,234.56');
    expect(moneyNumber(123456)).toBe(1234.56);
    expect(moneyText(123450)).toBe('$1,234.50');
    expect(moneyText(123456789)).toBe('$1,234,567.89');
    expect(moneyText(-123456)).toBe('-$1,234.56');
    expect(moneyText(0)).toBe('$0.00');
  });

  it("writes dates in the account's format", () => {
    expect(formatDate('2026-11-23', 'MM/DD/YY')).toBe('11/23/26');
    expect(formatDate('2026-11-23', 'DD/MM/YY')).toBe('23/11/26');
    expect(formatPeriod('2026-11-01', '2026-11-30', 'DD/MM/YY')).toBe('01/11/26 – 30/11/26');
    expect(formatPeriod(null, null, 'MM/DD/YY')).toBe('All dates');
  });

  it('writes instants on the wall clock of the zone, in 12 or 24 hours, across midnight', () => {
    // New York is UTC-5 in November: 04:59Z is 11:59 PM the day before, 05:01Z is 12:01 AM.
    expect(
      formatDateTime('2026-11-23T04:59:00.000Z', 'America/New_York', 'MM/DD/YY', '12 Hours (AM/PM)'),
    ).toBe('11/22/26 11:59 PM');
    expect(
      formatDateTime('2026-11-23T05:01:00.000Z', 'America/New_York', 'MM/DD/YY', '12 Hours (AM/PM)'),
    ).toBe('11/23/26 12:01 AM');
    expect(formatDateTime('2026-11-23T05:01:00.000Z', 'America/New_York', 'DD/MM/YY', '24 Hours')).toBe(
      '23/11/26 00:01',
    );
    expect(
      formatDateTime('2026-11-23T19:05:00.000Z', 'America/New_York', 'MM/DD/YY', '12 Hours (AM/PM)'),
    ).toBe('11/23/26 2:05 PM');
    expect(formatDateTime('2026-11-23T17:00:00.000Z', 'UTC', 'MM/DD/YY', '12 Hours (AM/PM)')).toBe(
      '11/23/26 5:00 PM',
    );
    expect(formatDateTime('2026-11-23T12:30:00.000Z', 'UTC', 'MM/DD/YY', '12 Hours (AM/PM)')).toBe(
      '11/23/26 12:30 PM',
    );
  });

  it("shows an empty cell as 'N/A' on screen and as nothing in CSV", () => {
    const { meta } = exportInput();
    expect(cellText('hours', null, meta)).toBe('N/A');
    expect(cellText('money', 123456, meta)).toBe('$1,234.56');
    expect(cellText('integer', 0, meta)).toBe('0');
    // In CSV an empty cell stays empty and money is a plain decimal a spreadsheet sums.
    expect(cellText('hours', null, meta, 'csv')).toBe('');
    expect(cellText('money', 123456, meta, 'csv')).toBe('1234.56');
  });

  it('names files {report}-{start}-{end}.{ext} with only safe characters', () => {
    expect(exportFileName('hours-by-employee', '2026-11-01', '2026-11-30', 'csv')).toBe(
      'hours-by-employee-2026-11-01-2026-11-30.csv',
    );
    expect(exportFileName('hours by employee', '2026-11-01', null, 'xlsx')).toBe(
      'hours_by_employee-2026-11-01-all.xlsx',
    );
    expect(exportFileName('../évil"/name', null, null, 'pdf')).toBe('____vil__name.pdf');
  });
});
