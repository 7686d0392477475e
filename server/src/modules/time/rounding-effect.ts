import type { TimeRules } from './time-rules';
import { workedMinutes } from './worked';

/**
 * What Time Rounding did to someone's worked time over a period (docs/RULES.md#rounding-effect; 29 CFR
 * 785.48(b): rounding is allowed when, over time, it neither favours the employer nor fails to pay for time
 * worked). Each closed work punch is measured twice with the engine's one definition of worked minutes: on the
 * rounded times and on the raw ones. A punch rounding lengthened adds minutes; one it shortened takes them.
 */
export interface RoundingEffect {
  /** Closed work punches measured. */
  punches: number;
  rawMinutes: number;
  roundedMinutes: number;
  /** Minutes rounding added, summed over the punches it lengthened. */
  added: number;
  /** Minutes rounding took, summed over the punches it shortened (a positive number). */
  took: number;
}

export const NO_ROUNDING_EFFECT: Readonly<RoundingEffect> = {
  punches: 0,
  rawMinutes: 0,
  roundedMinutes: 0,
  added: 0,
  took: 0,
};

type Punch = { time_in: string; time_out: string | null; type: string };

/**
 * The effect over `punches` (one employee's, any order). Lunch and Break punches are not work: rounding their
 * ends changes deductions, not the time worked, and they are left out. Open shifts have worked nothing yet.
 */
export function roundingEffect(
  punches: Iterable<Punch>,
  rules: Pick<TimeRules, 'step' | 'zone'>,
): RoundingEffect {
  const raw = { step: null, zone: rules.zone };
  const out = { ...NO_ROUNDING_EFFECT };
  for (const p of punches) {
    if (p.type !== 'None' || !p.time_out) continue;
    const interval = { timeIn: p.time_in, timeOut: p.time_out };
    const rounded = workedMinutes(interval, rules);
    const unrounded = workedMinutes(interval, raw);
    out.punches += 1;
    out.rawMinutes += unrounded;
    out.roundedMinutes += rounded;
    if (rounded > unrounded) out.added += rounded - unrounded;
    else out.took += unrounded - rounded;
  }
  return out;
}
