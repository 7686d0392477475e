import { z } from 'zod';

/**
 * The emergency roll call (GET /api/roll-call): who is on site now — every current employee with an open work
 * shift — grouped by where they clocked in or by department, with the time each came in. Managers read it on the
 * Roll Call page (/RollCall) and print one page per group; a station keeps its last answer for its Emergency
 * screen, which must work offline.
 */

/** How the roll call groups people: where the open shift was punched in, or the employee's department. */
export const ROLL_CALL_GROUPS = ['location', 'department'] as const;
export type RollCallGroup = (typeof ROLL_CALL_GROUPS)[number];

/**
 * Where a shift was punched in, for a punch that was not made at a station (`punches.source`): the employee's own
 * device or browser (`web`), or a manager who clocked them in or entered the punch by hand (`manager`, `manual`).
 * A station's punch reads as the station's name.
 */
export const ROLL_CALL_PLACES = {
  web: 'Own device',
  manager: 'Entered by a manager',
  /** A station punch whose station was deleted since (punches.station_id set null). */
  station: 'A removed station',
} as const;

/** What the Roll Call page and the Emergency screen say. */
export const ROLL_CALL_TEXT = {
  nobody: 'Nobody is clocked in.',
  noDepartment: 'No department',
  badGroup: "group must be 'location' or 'department'.",
} as const;

export const rollCallQuery = z.object({
  group: z.enum(ROLL_CALL_GROUPS, { error: ROLL_CALL_TEXT.badGroup }).default('location'),
});
export type RollCallQuery = z.output<typeof rollCallQuery>;

const rollCallPerson = z.object({
  /** The employee's record id (employees.id). */
  employee_ref: z.number().int(),
  /** The Employee ID people type at the clock. */
  employee_id: z.string(),
  name: z.string(),
  department: z.string(),
  /** Where the open shift was punched in: the station's name, or one of ROLL_CALL_PLACES. */
  location: z.string(),
  /** The station the shift was punched in at, when it was one that still exists. */
  station_id: z.number().int().nullable(),
  /** Clock-in instant, ISO 8601 UTC. */
  time_in: z.string(),
  /** The clock-in in the account's zone, Date Format and Time Format ('11/23/26 7:05 AM'). */
  time_in_text: z.string(),
});
export type RollCallPerson = z.infer<typeof rollCallPerson>;

export const rollCallAnswer = z.object({
  group: z.enum(ROLL_CALL_GROUPS),
  /** The account's IANA zone, which `time_in_text` is on. */
  time_zone: z.string(),
  /** When the server answered, ISO 8601 UTC (a station shows how old its copy is). */
  generated_at: z.string(),
  /** The same instant in the account's zone and formats. */
  generated_at_text: z.string(),
  /** Everyone listed, all groups together. */
  count: z.number().int(),
  /** In name order of the group; people in each by name, then Employee ID. */
  groups: z.array(z.object({ name: z.string(), count: z.number().int(), people: z.array(rollCallPerson) })),
});
export type RollCallAnswer = z.infer<typeof rollCallAnswer>;
