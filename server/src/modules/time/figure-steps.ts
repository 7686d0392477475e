import { type RawBuilder, sql } from 'kysely';
import { earningsCents, earningsCentsSql } from '../../lib/money';
import type { DayFigures } from './engine';
import type { TimeRules } from './time-rules';

/**
 * The steps after a day's punches are summed: they see only the figures, so the database can do the
 * punch steps' sums instead (period.repository.ts) and these run the same either way. Each answers the
 * figures it changes. A step may also carry `sql`: the same rule over SQL expressions of the figures, so
 * the database can apply it while it sums a period (period totals and per-employee sums of a big account
 * without reading every day). A step without `sql` makes those sums fall back to running the steps here.
 * server/test/day-totals.test.ts checks both forms against each other on random days, on both databases.
 */
export type FigureStep = ((f: Readonly<DayFigures>, rules: TimeRules) => Partial<DayFigures>) & {
  sql?: (f: Readonly<SqlFigures>, rules: TimeRules, ops: SqlOps) => Partial<SqlFigures>;
};

/** The figures a figure step reads and writes, as SQL expressions over one day's row. */
export type SqlFigures = Record<SqlFigure, RawBuilder<number>>;
export type SqlFigure =
  | 'workedMinutes'
  | 'deductedMinutes'
  | 'manualBreakMinutes'
  | 'paidMinutes'
  | 'rateCents'
  | 'earningsCents'
  | 'grossCents';
/** The dialect's two-argument minimum and maximum (least/greatest on PostgreSQL, min/max on SQLite). */
export interface SqlOps {
  least(a: RawBuilder<number>, b: RawBuilder<number>): RawBuilder<number>;
  greatest(a: RawBuilder<number>, b: RawBuilder<number>): RawBuilder<number>;
}

/** Auto Lunch/Break minutes are taken off the paid minutes, never more than were worked. */
export const deductionStep: FigureStep = Object.assign(
  (f: Readonly<DayFigures>) => {
    const deducted = Math.min(f.deductedMinutes, f.workedMinutes);
    return { deductedMinutes: deducted, paidMinutes: f.workedMinutes - deducted };
  },
  {
    sql: (f: Readonly<SqlFigures>, _rules: TimeRules, ops: SqlOps) => {
      const deducted = ops.least(f.deductedMinutes, f.workedMinutes);
      return { deductedMinutes: deducted, paidMinutes: sql<number>`(${f.workedMinutes} - ${deducted})` };
    },
  },
);

/** Attendance Only: presence without hours or pay. */
export const attendanceOnlyStep: FigureStep = Object.assign(
  (_f: Readonly<DayFigures>, rules: TimeRules) =>
    rules.attendanceOnly
      ? { workedMinutes: 0, deductedMinutes: 0, manualBreakMinutes: 0, paidMinutes: 0 }
      : {},
  {
    sql: (_f: Readonly<SqlFigures>, rules: TimeRules) => {
      const zero = sql<number>`0`;
      return rules.attendanceOnly
        ? { workedMinutes: zero, deductedMinutes: zero, manualBreakMinutes: zero, paidMinutes: zero }
        : {};
    },
  },
);

/**
 * Earnings: paid minutes × hourly rate in whole cents, rounded once per day; gross is the same for the worked
 * minutes (before Auto deductions).
 */
export const earningsStep: FigureStep = Object.assign(
  (f: Readonly<DayFigures>) => ({
    earningsCents: earningsCents(f.paidMinutes, f.rateCents),
    grossCents: earningsCents(f.workedMinutes, f.rateCents),
  }),
  {
    sql: (f: Readonly<SqlFigures>) => ({
      earningsCents: earningsCentsSql(f.paidMinutes, f.rateCents),
      grossCents: earningsCentsSql(f.workedMinutes, f.rateCents),
    }),
  },
);
