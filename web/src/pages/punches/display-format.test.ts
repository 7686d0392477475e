import { describe, expect, it } from 'vitest';
import { formatDate, formatInstant, formatTime } from './display-format';

describe('date and time display formats', () => {
  it('shows a YYYY-MM-DD day as MM/DD/YY or DD/MM/YY', () => {
    expect(formatDate('2026-11-23', 'MM/DD/YY')).toBe('11/23/26');
    expect(formatDate('2026-11-23', 'DD/MM/YY')).toBe('23/11/26');
    expect(formatDate('2026-01-05', 'MM/DD/YY')).toBe('01/05/26');
    expect(formatDate('2026-01-05', 'DD/MM/YY')).toBe('05/01/26');
    expect(formatDate('2000-12-31', 'DD/MM/YY')).toBe('31/12/00');
  });

  it('shows an HH:MM time on a 12-hour clock with AM/PM, or as it is on a 24-hour clock', () => {
    const twelve = '12 Hours (AM/PM)';
    expect(formatTime('13:05', twelve)).toBe('1:05 PM');
    expect(formatTime('09:00', twelve)).toBe('9:00 AM');
    expect(formatTime('00:30', twelve)).toBe('12:30 AM');
    expect(formatTime('12:00', twelve)).toBe('12:00 PM');
    expect(formatTime('11:59', twelve)).toBe('11:59 AM');
    expect(formatTime('23:59', twelve)).toBe('11:59 PM');
    expect(formatTime('13:05', '24 Hours')).toBe('13:05');
    expect(formatTime('00:30', '24 Hours')).toBe('00:30');
  });

  it('leaves a value that is not a date or a time as it is', () => {
    expect(formatDate('', 'DD/MM/YY')).toBe('');
    expect(formatDate('23/11/26', 'MM/DD/YY')).toBe('23/11/26');
    expect(formatTime('', '12 Hours (AM/PM)')).toBe('');
    expect(formatTime('25:00', '12 Hours (AM/PM)')).toBe('25:00');
  });

  it('shows an instant on the wall clock of the given zone', () => {
    const iso = '2026-11-23T23:30:00.000Z';
    expect(formatInstant(iso, { date_format: 'DD/MM/YY', time_format: '24 Hours' }, 'UTC')).toBe(
      '23/11/26 23:30',
    );
    expect(
      formatInstant(iso, { date_format: 'MM/DD/YY', time_format: '12 Hours (AM/PM)' }, 'Europe/Berlin'),
    ).toBe('11/24/26 12:30 AM');
    expect(
      formatInstant(iso, { date_format: 'MM/DD/YY', time_format: '12 Hours (AM/PM)' }, 'America/New_York'),
    ).toBe('11/23/26 6:30 PM');
    expect(formatInstant(null, { date_format: 'MM/DD/YY', time_format: '24 Hours' }, 'UTC')).toBe('-');
    expect(formatInstant('not a date', { date_format: 'MM/DD/YY', time_format: '24 Hours' }, 'UTC')).toBe(
      '-',
    );
  });
});
