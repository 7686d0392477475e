import { describe, expect, it } from 'vitest';
import { loggedPunch as punchRecord } from '../../test/fixtures';
import { describeDetails } from './log-details';

const H24 = { date_format: 'DD/MM/YY', time_format: '24 Hours' };

describe('describeDetails', () => {
  it('shows an edit as the fields that changed, old and new', () => {
    const details = JSON.stringify({
      old: { time_in: '09:00', time_out: '17:00', notes: 'x', updated_at: '1' },
      new: { time_in: '09:00', time_out: '16:00', notes: 'x', updated_at: '2' },
    });
    expect(describeDetails(details)).toEqual(['Time out: 5:00 PM → 4:00 PM']);
    expect(describeDetails(details, undefined, undefined, H24)).toEqual(['Time out: 17:00 → 16:00']);
  });

  it('says so when an edit changed nothing', () => {
    expect(describeDetails(JSON.stringify({ old: { a: 1 }, new: { a: 1 } }))).toEqual(['No field changed']);
  });

  it('lists a created or deleted record with the values it has, and the other keys after', () => {
    expect(describeDetails(JSON.stringify({ new: { dp_name: 'Dock', dp_type: null }, moved_to: 4 }))).toEqual(
      ['Department name: Dock', 'Moved to: #4'],
    );
  });

  it('shows a renamed value pair and plain fields', () => {
    expect(describeDetails(JSON.stringify({ station_id: 3, old: 'Front', new: 'Back' }))).toEqual([
      'Front → Back',
      'Station: #3',
    ]);
  });

  it('shows ids by the names the server resolved for the page, never as raw keys', () => {
    const details = JSON.stringify({ punch_id: 1945, station_id: 1 });
    const refs = { 'punch:1945': 'Omar Punch, 03/02/26 9:05 AM', 'station:1': 'Front door' };
    expect(describeDetails(details, undefined, refs)).toEqual([
      'Punch: Omar Punch, 03/02/26 9:05 AM',
      'Station: Front door',
    ]);
    // A punch record's employee_id is a row id (a number): the employee's name; an employee's is their code.
    const edit = JSON.stringify({ old: { employee_id: 5, notes: 'a' }, new: { employee_id: 6, notes: 'a' } });
    expect(describeDetails(edit, undefined, { 'employee:5': 'Ann (A1)', 'employee:6': 'Bo (B2)' })).toEqual([
      'Employee: Ann (A1) → Bo (B2)',
    ]);
    expect(describeDetails(JSON.stringify({ new: { employee_id: '77' } }))).toEqual(['Employee ID: 77']);
  });

  it('keeps long values short and shows text that is not JSON as it is', () => {
    const [line] = describeDetails(JSON.stringify({ reason: 'r'.repeat(300) }));
    expect(line.length).toBeLessThanOrEqual('Reason: '.length + 80);
    expect(line.endsWith('…')).toBe(true);
    expect(describeDetails('plain words')).toEqual(['plain words']);
    expect(describeDetails(null)).toEqual([]);
    expect(describeDetails('[1,2]')).toEqual(['[1,2]']);
  });

  it('shows stored instants through the given clock, and leaves other text alone', () => {
    const when = (iso: string) => `at ${iso.slice(11, 16)}`;
    const details = JSON.stringify({
      punch_id: 7,
      time_out: '2026-11-20T23:13:00.000Z',
      notes: '2026-11-20 was late',
    });
    expect(describeDetails(details, when, { 'punch:7': 'Kim, 11/20/26 9:00 AM' })).toEqual([
      'Punch: Kim, 11/20/26 9:00 AM',
      'Time out: at 23:13',
      'Notes: 2026-11-20 was late',
    ]);
    expect(describeDetails(details)).toContain('Time out: 2026-11-20T23:13:00.000Z');
  });
});

describe('describeDetails reads as a person reads it', () => {
  const refs = { 'employee:5': 'Kim Forklift (W1)' };
  const when = (iso: string) => `when ${iso}`;

  it('shows a created punch in the account formats, without zero, empty or derived fields', () => {
    const lines = describeDetails(JSON.stringify({ new: punchRecord }), when, refs);
    expect(lines).toEqual([
      'Employee: Kim Forklift (W1)',
      'Date: 11/20/26',
      'Time in: 9:00 AM',
      'Time out: 5:30 PM',
      'Hours: 8.50',
      'Type: Work',
      'Source: Manual',
    ]);
    expect(lines.join('\n')).not.toMatch(/\d{4}-\d{2}-\d{2}|Out days later|: 0$|false|—/);
    expect(describeDetails(JSON.stringify({ new: punchRecord }), when, refs, H24)).toContain(
      'Date: 20/11/26',
    );
  });

  it("keeps a Lunch punch's deduction, says Yes for a late sync and words a night shift's clock-out", () => {
    const lunch = { ...punchRecord, type: 'Lunch', late_sync: true, out_days_later: 1 };
    expect(describeDetails(JSON.stringify({ old: lunch }), when, refs)).toEqual([
      'Employee: Kim Forklift (W1)',
      'Date: 11/20/26',
      'Time in: 9:00 AM',
      'Time out: 5:30 PM',
      'Clocked out: 1 day after the date',
      'Hours: 8.50',
      'Deduction: Auto',
      'Type: Lunch',
      'Source: Manual',
      'Synced late: Yes',
    ]);
  });

  it('shows an edit of a day and a night shift in words, not the derived rounded copies', () => {
    const old = punchRecord;
    const now = {
      ...punchRecord,
      date: '2026-11-21',
      time_out: '01:00',
      rounded_time_out: '01:00',
      out_days_later: 1,
    };
    expect(describeDetails(JSON.stringify({ old, new: now }), when, refs)).toEqual([
      'Date: 11/20/26 → 11/21/26',
      'Time out: 5:30 PM → 1:00 AM',
      'Clocked out: On the same day → 1 day after the date',
    ]);
  });

  it("spreads a refused station punch into its fields, its instants on the account's clock", () => {
    const details = {
      reason: 'Unknown employee.',
      station_id: 3,
      punch: { client_id: 'c-1', kind: 'in', employee_id: 'Z9', device_time: '2026-11-20T14:05:00.000Z' },
    };
    expect(describeDetails(JSON.stringify(details), when, { 'station:3': 'Front door' })).toEqual([
      'Reason: Unknown employee.',
      'Station: Front door',
      'Clock: In',
      'Employee ID: Z9',
      'Device time: when 2026-11-20T14:05:00.000Z',
    ]);
  });
});
