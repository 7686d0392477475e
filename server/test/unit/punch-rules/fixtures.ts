import type { PunchCandidate, PunchFacts } from '../../../src/modules/punches/rules/types';

export const now = '2026-03-10T12:00:00.000Z';
/** `min` minutes before now (negative: after). */
export const minus = (min: number) => new Date(Date.parse(now) - min * 60_000).toISOString();

export const candidate = (c: Partial<PunchCandidate> = {}): PunchCandidate => ({
  kind: 'interval',
  employeeRef: 7,
  timeIn: minus(120),
  timeOut: minus(60),
  type: 'None',
  ...c,
});

export const facts = (f: Partial<PunchFacts> = {}): PunchFacts => ({
  now,
  attendanceOnly: false,
  openShift: null,
  overlaps: false,
  ...f,
});
