/**
 * Hourly rates of the time engine (docs/RULES.md#earnings-rounding): the employee's current rate and its
 * effective-dated changes (employee_rates), and which of them pays a given local day.
 */
export interface EngineEmployee {
  id: number;
  /** The current hourly rate: every day's, unless `rates` says otherwise. */
  rateCents: number;
  /** The employee's rate changes (employee_rates), oldest first; none: one rate all along. */
  rates?: readonly RateChange[];
}

/** An hourly rate from a local day on (YYYY-MM-DD, account zone, like work_date). */
export interface RateChange {
  from: string;
  cents: number;
}

/**
 * The one hourly rate of [start, end], or null when it changed inside it (then no single rate times the hours
 * gives the pay): the rate Payroll Summary shows beside a period's gross.
 */
export function periodRate(e: EngineEmployee, start: string, end: string): number | null {
  const changed = e.rates?.some((r) => r.from > start && r.from <= end);
  return changed ? null : rateOn(e, end);
}

/** The hourly rate of a day: the newest change on or before it, else (no changes) the current rate. */
export function rateOn(e: EngineEmployee, day: string): number {
  const rates = e.rates;
  if (!rates?.length) return e.rateCents;
  for (let i = rates.length - 1; i >= 0; i--) if (rates[i].from <= day) return rates[i].cents;
  // Before the first change: cannot be (the first row is RATES_SINCE), but that rate is the oldest known.
  return rates[0].cents;
}
