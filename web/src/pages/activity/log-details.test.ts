import { describe, expect, it } from 'vitest';
import { describeDetails } from './log-details';

describe('describeDetails', () => {
  it('shows an edit as the fields that changed, old and new', () => {
    const details = JSON.stringify({
      old: { time_in: '09:00', time_out: '17:00', notes: 'x', updated_at: '1' },
      new: { time_in: '09:00', time_out: '16:00', notes: 'x', updated_at: '2' },
    });
    expect(describeDetails(details)).toEqual(['Time out: 17:00 → 16:00']);
  });

  it('says so when an edit changed nothing', () => {
    expect(describeDetails(JSON.stringify({ old: { a: 1 }, new: { a: 1 } }))).toEqual(['No field changed']);
  });

  it('lists a created or deleted record with its values, and the other keys after', () => {
    expect(describeDetails(JSON.stringify({ new: { dp_name: 'Dock', dp_type: null }, moved_to: 4 }))).toEqual(
      ['Department name: Dock', 'Type: —', 'Moved to: #4'],
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
