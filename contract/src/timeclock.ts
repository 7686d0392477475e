import { z } from 'zod';
import { ATTENDANCE_MODES, DATE_FORMATS, PIN_MAX_LENGTH, TIME_FORMATS } from './constants';
import { requiredText, safeString } from './fields';
import { limitField, PAGE_LIMIT_MAX } from './paging';

/** Who is punching: a typed employee ID (with PIN where the employee uses one) or a scanned badge token. */
const identityFields = {
  employee_id: safeString('Employee ID')
    .trim()
    .max(50, 'Employee ID must be at most 50 characters.')
    .optional(),
  badge: safeString('Badge').trim().max(100, 'This badge is not valid.').optional(),
  pin: z
    .string({ error: 'PIN must be text.' })
    .regex(new RegExp(`^\\d{1,${PIN_MAX_LENGTH}}$`), `PIN must be 1 to ${PIN_MAX_LENGTH} digits.`)
    .optional(),
};
const named = { message: 'Please enter a valid Employee ID.', path: ['employee_id'] };
const namesSomeone = (b: { employee_id?: string; badge?: string }) => !!b.employee_id || !!b.badge;

export const employeeIdentity = z.object(identityFields).refine(namesSomeone, named);

const position = {
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  accuracy: z.number().min(0).max(100_000).optional(),
};
const clientId = z
  .string()
  .trim()
  .min(8, 'client_id must be 8 to 64 characters.')
  .max(64, 'client_id must be 8 to 64 characters.')
  .regex(/^[A-Za-z0-9_-]+$/, 'client_id may only contain letters, digits, - and _.');
const deviceTime = z.iso.datetime({ offset: true, error: 'device_time must be an ISO 8601 date and time.' });
const screening = z
  .record(safeString('A screening question').max(300), safeString('A screening answer').max(50))
  .refine((r) => Object.keys(r).length <= 10, 'At most 10 screening answers.');

/**
 * The station's clock beside a sync batch or a hand-over (docs/RULES.md#station-clock): the device's clock when it
 * sends (`device_now`), the boot it sends from, and for earlier boots of its items the device's and the server's
 * clock read together at that boot's last answer from the server. A boot is a start of the station page, or a jump
 * of the device clock the page noticed; the station makes its id.
 */
const bootId = z
  .string({ error: 'boot_id must be text.' })
  .min(8, 'boot_id must be 8 to 64 characters.')
  .max(64, 'boot_id must be 8 to 64 characters.')
  .regex(/^[A-Za-z0-9_-]+$/, 'boot_id may only contain letters, digits, - and _.');
const clockReading = (name: string) =>
  z.iso.datetime({ offset: true, error: `${name} must be an ISO 8601 date and time.` });
export const MAX_SYNC_BOOTS = 50;
const stationClock = {
  device_now: clockReading('device_now').optional(),
  boot_id: bootId.optional(),
  boots: z
    .array(
      z.object({
        boot_id: bootId,
        device_now: clockReading('boots[].device_now'),
        server_now: clockReading('boots[].server_now'),
      }),
    )
    .max(MAX_SYNC_BOOTS, `At most ${MAX_SYNC_BOOTS} boots per sync.`)
    .optional(),
};
export type StationClock = z.output<z.ZodObject<typeof stationClock>>;
export type BootReading = NonNullable<StationClock['boots']>[number];

export const clockBody = z
  .object({
    ...identityFields,
    client_id: clientId.optional(),
    device_time: deviceTime.optional(),
    ...position,
    screening: screening.optional(),
  })
  .refine(namesSomeone, named);
export type ClockBody = z.output<typeof clockBody>;

export const checkEmployeeAnswer = z.object({
  message: z.string(),
  employee: z.object({
    id: z.number(),
    employee_id: z.string(),
    name: z.string(),
    department_name: z.string().nullable(),
  }),
  clocked_in: z.boolean(),
  clock_in_time: z.string().nullable(),
  /** When the employee's break inside the open shift started (Start Break), or null when none is open. */
  break_start_time: z.string().nullable(),
  needs_pin: z.boolean(),
});

export const clockInAnswer = z.object({
  message: z.string(),
  punch: z.object({ id: z.number(), employee_id: z.string(), time_in: z.string() }),
});
export const clockOutAnswer = z.object({
  message: z.string(),
  hours: z.number().nullable(),
  minutes: z.number().nullable(),
  total_minutes: z.number().nullable(),
  time_out: z.string(),
  punch: z.object({ id: z.number(), employee_id: z.string(), time_in: z.string(), time_out: z.string() }),
});

/**
 * POST /api/break-start and /api/break-end: a break inside the employee's open shift (docs/RULES.md#breaks-at-the-clock).
 * Ending it writes the Break punch (time_in the start, time_out the end); a clock-out during a break ends it too.
 */
export const breakAnswer = z.object({
  message: z.string(),
  break: z.object({
    employee_id: z.string(),
    started_at: z.string(),
    /** Null while the break is open (the answer of Start Break). */
    ended_at: z.string().nullable(),
    /** The Break punch, once the break is ended. */
    punch_id: z.number().nullable(),
  }),
});
export type BreakAnswer = z.infer<typeof breakAnswer>;
/** The kinds of an offline item: a clock-in or -out, or the start or end of a break inside the open shift. */
export const SYNC_KINDS = ['in', 'out', 'break_start', 'break_end'] as const;
export type SyncKind = (typeof SYNC_KINDS)[number];

export const employeeStatusAnswer = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      employee_id: z.string(),
      name: z.string(),
      /** Typing the Employee ID asks the PIN (a badge never does): the station keeps it to ask offline too. */
      needs_pin: z.boolean(),
      /**
       * For a station only: 4 bits of the PIN under pin_hint_key (docs/RULES.md#pin-lock), so offline it refuses
       * and counts 15 of 16 wrong PINs itself; null when the ID asks no PIN or the PIN predates hints.
       */
      pin_hint: z.number().int().min(0).max(15).nullable(),
      /** Active with App Login: a station takes their punches (offline too). */
      can_punch: z.boolean(),
      /** The current badge print: an older card is refused offline as online. */
      badge_version: z.number(),
      clockedIn: z.boolean(),
      clockInTime: z.string().nullable(),
      elapsedTime: z.number().nullable(),
      duration: z.number().nullable(),
    }),
  ),
  /** The account's PIN hint key (HMAC-SHA256 over "<id>\n<PIN>", first 4 bits): for a station only, else null. */
  pin_hint_key: z.string().nullable(),
  /** Paged by position (contract/src/paging.ts): null at either end. */
  next_cursor: z.string().nullable(),
  prev_cursor: z.string().nullable(),
});

export const MAX_SYNC_BATCH = 10_000;
export const syncItem = z.object({
  client_id: clientId,
  kind: z.enum(SYNC_KINDS, { error: "kind must be 'in', 'out', 'break_start' or 'break_end'." }),
  employee_id: identityFields.employee_id,
  badge: identityFields.badge,
  // Lenient: a mistyped PIN in an offline queue is refused for its item, never the whole batch.
  pin: safeString('PIN').max(PIN_MAX_LENGTH).optional(),
  device_time: deviceTime,
  ...position,
  screening: screening.optional(),
  /** The boot of the station the item was queued in (docs/RULES.md#station-clock). */
  boot_id: bootId.optional(),
});
export type SyncItem = z.output<typeof syncItem>;
/** A clock-in or -out of a sync batch (server/src/modules/timeclock/sync-batch.ts); breaks go their own way. */
export type ClockSyncItem = SyncItem & { kind: 'in' | 'out' };
export const syncBody = z.object({
  punches: z
    .array(syncItem)
    .min(1, 'No punches to sync.')
    .max(MAX_SYNC_BATCH, `At most ${MAX_SYNC_BATCH} punches per sync.`),
  ...stationClock,
});
/**
 * POST /api/punches/unsent: the punches a revoked pairing of this tablet could not send, handed over by its new
 * pairing of the same account, naming the revoked station. None is applied: each is listed for a manager in
 * Punches that need attention (GET /api/punch-conflicts), who enters it by hand if it is right.
 */
export const unsentBody = z.object({
  revoked_station_id: z
    .number({ error: 'revoked_station_id must be a number.' })
    .int('revoked_station_id must be a whole number.')
    .positive('revoked_station_id must be positive.')
    .max(2_147_483_647, 'revoked_station_id is too large.'),
  punches: syncBody.shape.punches,
  ...stationClock,
});
/** recorded: listed for a manager; applied: made before the revoke, recorded as synced punches. */
export const unsentAnswer = z.object({ message: z.string(), recorded: z.number(), applied: z.number() });
export type UnsentAnswer = z.infer<typeof unsentAnswer>;
export type UnsentBody = z.output<typeof unsentBody>;

export const syncAnswer = z.object({
  results: z.array(
    z.object({
      client_id: z.string(),
      status: z.enum(['created', 'duplicate', 'conflict', 'rejected']),
      message: z.string().optional(),
      punch_id: z.number().optional(),
    }),
  ),
  last_sync_at: z.string(),
});

export const stationView = z.object({
  id: z.number(),
  name: z.string(),
  last_seen_at: z.string().nullable(),
  last_sync_at: z.string().nullable(),
  revoked: z.boolean(),
  created_at: z.string(),
  /** The station's clock at its last sync, server minus device in seconds; null before any (docs/RULES.md#station-clock). */
  clock_offset: z.number().nullable(),
});
export const createStationBody = z.object({
  name: requiredText('Station name', 80),
  pair: z.enum(['this-browser', 'code']).default('code'),
});
/** "This browser" gets the station token at once; a tablet gets a pairing code to type. */
export const createStationAnswer = z.union([
  z.object({ station: stationView, token: z.string() }),
  z.object({ station: stationView, pairing_code: z.string(), pairing_expires_at: z.string() }),
]);
export const renameStationBody = z.object({ name: requiredText('Station name', 80) });
export const pairStationBody = z.object({ code: requiredText('Pairing code', 12) });
export const pairStationAnswer = z.object({ token: z.string(), station: stationView });
export const stationMeAnswer = z.object({
  station: z.object({ id: z.number(), name: z.string() }),
  company_name: z.string(),
  settings: z.object({
    enable_gps_tracking: z.boolean(),
    require_location: z.boolean(),
    enable_covid_screening: z.boolean(),
    attendance_mode: z.enum(ATTENDANCE_MODES),
    time_zone: z.string(),
    /** How the station shows its clock and "Last synced": the account's Settings. */
    date_format: z.enum(DATE_FORMATS),
    time_format: z.enum(TIME_FORMATS),
    /**
     * After how many minutes an open shift is a forgotten clock-out (pay period settings): what the station asks
     * about offline (docs/RULES.md#forgotten-clock-outs). Absent from a station's cached answer of an older server.
     */
    forgotten_after_minutes: z.number().int().optional(),
  }),
});
export const idParams = z.object({
  id: z.coerce.number({ error: 'id must be a number.' }).int().positive().max(2_147_483_647),
});

/** GET /api/punch-conflicts: a synced punch the server did not apply, for the manager to fix by hand. */
export const punchIssue = z.object({
  id: z.number(),
  at: z.string(),
  status: z.enum(['conflict', 'rejected']),
  reason: z.string(),
  kind: z.string().nullable(),
  device_time: z.string().nullable(),
  /** When it happened: the device time corrected for the station's clock (the same when it was not off). */
  time: z.string().nullable(),
  station: z.string().nullable(),
  employee_id: z.string().nullable(),
  employee_name: z.string().nullable(),
  employee_ref: z.number().nullable(),
});
export type PunchIssue = z.infer<typeof punchIssue>;
/**
 * GET /api/punch-conflicts, newest first, a page at a time: `before` is the `next_before` of the page before
 * (the id its list goes on under), `limit` 1..200 (default 200). Every refusal can be reached, not only the
 * newest 200 (a week offline can bring a thousand).
 */
export const punchConflictsQuery = z.object({
  before: z.coerce
    .number({ error: 'before must be a number.' })
    .int('before must be a whole number.')
    .positive('before must be a positive number.')
    .max(2_147_483_647, 'before is too large.')
    .optional(),
  limit: limitField(PAGE_LIMIT_MAX),
});
export type PunchConflictsQuery = z.output<typeof punchConflictsQuery>;
export const punchConflictsAnswer = z.object({
  data: z.array(punchIssue),
  /** Send as `before` for the next (older) page; null on the last one. */
  next_before: z.number().nullable(),
});

/** The answers' types, inferred here so the web client and tests never keep a copy. */
export type EmployeeIdentity = z.input<typeof employeeIdentity>;
export type CheckEmployeeAnswer = z.infer<typeof checkEmployeeAnswer>;
export type ClockInAnswer = z.infer<typeof clockInAnswer>;
export type ClockOutAnswer = z.infer<typeof clockOutAnswer>;
export type EmployeeStatusAnswer = z.infer<typeof employeeStatusAnswer>;
export type SyncAnswer = z.infer<typeof syncAnswer>;
export type SyncResult = SyncAnswer['results'][number];
export type StationView = z.infer<typeof stationView>;
/** GET /api/stations: the account's time stations. */
export const stationsAnswer = z.object({ data: z.array(stationView) });
export type CreateStationAnswer = z.infer<typeof createStationAnswer>;
export type PairStationAnswer = z.infer<typeof pairStationAnswer>;
export type StationMeAnswer = z.infer<typeof stationMeAnswer>;
export type PunchConflictsAnswer = z.infer<typeof punchConflictsAnswer>;
