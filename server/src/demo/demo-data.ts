import { DEPARTMENT_TYPES } from '@punchclock/contract';
import type { Insertable } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database';
import { sealExisting } from '../db/ledger';
import type { DB, PunchesTable } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { storedPin } from '../lib/badges';
import { localDay, zonedToUtc } from '../lib/time';
import { authRepository } from '../modules/auth/auth.repository';

export const DEMO_EMAIL = 'demo@punchclock.test';
export const DEMO_PASSWORD = 'punchclock demo';
/** The first demo employee can log in to the employee side with this e-mail and DEMO_PASSWORD. */
export const DEMO_EMPLOYEE_EMAIL = 'employee@punchclock.test';
/** The demo company's time zone: its days, work hours and "now" are read on this clock. */
export const DEMO_ZONE = 'America/New_York';
const ZONE = DEMO_ZONE;
const WEEKS = 8;
/** The employee (E1004, the fourth) who forgot to clock out on the last working day. */
const FORGETFUL = 3;

/** Deterministic pseudo-random numbers, so every demo refresh looks the same. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const FIRST = [
  'Ava',
  'Liam',
  'Noah',
  'Emma',
  'Olivia',
  'Elijah',
  'Mia',
  'Lucas',
  'Sofia',
  'Mateo',
  'Isla',
  'Leo',
  'Amara',
  'Kai',
  'Zoe',
  'Ethan',
  'Nora',
  'Omar',
  'Priya',
  'Hugo',
];
const LAST = [
  'Garcia',
  'Smith',
  'Nguyen',
  'Okafor',
  'Kowalski',
  'Haddad',
  'Rossi',
  'Tanaka',
  'Silva',
  'Johansson',
  'Patel',
  'Murphy',
  'Dubois',
  'Khan',
  'Schmidt',
];
/** `starts`: the earliest usual arrival (minutes after midnight); most arrive within the hour after it. */
const DEPARTMENTS: {
  name: string;
  type: (typeof DEPARTMENT_TYPES)[number];
  titles: string[];
  starts: number;
}[] = [
  {
    name: 'Warehouse',
    type: 'Location',
    titles: ['Picker', 'Forklift Driver', 'Shift Lead'],
    starts: 8 * 60,
  },
  { name: 'Front Office', type: 'Office', titles: ['Receptionist', 'Office Manager'], starts: 8 * 60 },
  { name: 'Sales', type: 'Department', titles: ['Account Executive', 'Sales Rep'], starts: 8 * 60 },
  // Drivers load the vans before the roads fill: someone is in from 6:30 on a weekday.
  { name: 'Delivery', type: 'Group', titles: ['Driver', 'Dispatcher'], starts: 6 * 60 + 30 },
  { name: 'Client: Harbor Foods', type: 'Client', titles: ['Merchandiser'], starts: 8 * 60 },
];
/** Departments without staff of their own: one every employee belongs to, one for a job site. */
const EXTRA_DEPARTMENTS = [
  { dp_name: 'All Hands', dp_type: 'Group', assign_to_all_employees: 1, exclude_from_reports: 0 },
  { dp_name: 'Pier 9 Expansion', dp_type: 'Job Site', assign_to_all_employees: 0, exclude_from_reports: 1 },
] as const;
const STATIONS = ['Front entrance tablet', 'Warehouse dock PC'];

/** Removes every row of an account, children first (the foreign keys forbid any other order). */
async function deleteAccount(db: Database, accountId: number) {
  const tables: (keyof DB)[] = [
    'audit_ledger',
    'audit_heads',
    'punches',
    'custom_field_values',
    'employee_rates',
    'activity_logs',
    'auth_tokens',
    'users',
    'stations',
    'employees',
    'import_batches',
    'departments',
    'custom_fields',
    'api_keys',
    'faqs',
    'settings',
  ];
  await db.transaction().execute(async (trx) => {
    for (const t of tables) await trx.deleteFrom(t).where('account_id', '=', accountId).execute();
    await trx.deleteFrom('accounts').where('id', '=', accountId).execute();
  });
}

async function insertChunked<T extends keyof DB>(db: Database, table: T, rows: object[]) {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto(table)
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      .values(rows.slice(i, i + 500) as any)
      .execute();
  }
}

/**
 * Creates (or re-creates) the demo account: departments, 40 employees and the 8 weeks of punches up to `now`
 * (the real clock unless a test pins it), so the company is alive when it is opened: on a weekday during work
 * hours people are in since this morning, and the stations were last seen at their latest punch.
 */
export async function seedDemo(
  db: Database,
  secret: string,
  now: Date = new Date(),
): Promise<{ email: string; password: string; employees: number; punches: number; clockedIn: number }> {
  const repo = authRepository(db);
  const existing = await repo.findUserByEmail(DEMO_EMAIL);
  if (existing) await deleteAccount(db, existing.account_id);
  const { accountId } = await repo.createAccountWithOwner({
    companyName: 'Harbor Logistics (demo)',
    timeZone: ZONE,
    user: {
      name: 'Morgan Demo',
      username: 'demo',
      email: DEMO_EMAIL,
      phone_number: '+1 555 0199',
      date_of_birth: '1984-03-09',
      password_hash: await hashPassword(DEMO_PASSWORD),
    },
  });
  await db.updateTable('accounts').set({ time_zone: ZONE }).where('id', '=', accountId).execute();
  const at = now.toISOString();
  const rand = prng(42);

  const deptRows = await db
    .insertInto('departments')
    .values(
      DEPARTMENTS.map((d) => ({
        account_id: accountId,
        dp_name: d.name,
        dp_type: d.type,
        created_at: at,
        updated_at: at,
      })),
    )
    .returning(['id', 'dp_name'])
    .execute();

  const employees = Array.from({ length: 40 }, (_, i) => {
    const dept = DEPARTMENTS[i % DEPARTMENTS.length];
    const first = FIRST[i % FIRST.length];
    const last = LAST[(i * 7) % LAST.length];
    return {
      account_id: accountId,
      department_id: deptRows.find((d) => d.dp_name === dept.name)!.id,
      employee_id: `E${String(1001 + i)}`,
      name: `${first} ${last}`,
      title: dept.titles[i % dept.titles.length],
      email: `${first}.${last}.${i}@harbor-demo.test`.toLowerCase(),
      hourly_rate_cents: 1600 + Math.round(rand() * 2400),
      permission_app: 1,
      permission_site: i % 4 === 0 ? 1 : 0,
      use_card_or_pin: i % 3 === 0 ? 1 : 0,
      punch_in_out: 1,
      create_time_entries: i % 4 === 0 ? 1 : 0,
      created_at: at,
      updated_at: at,
    };
  });
  const empRows = await db
    .insertInto('employees')
    .values(employees)
    .returning(['id', 'use_card_or_pin'])
    .execute();
  // Employees who use card or PIN get the PIN 1234 (hashed, bound to their row).
  for (const e of empRows.filter((r) => r.use_card_or_pin)) {
    await db
      .updateTable('employees')
      .set(storedPin(secret, accountId, e.id, '1234'))
      .where('id', '=', e.id)
      .execute();
  }

  const first = empRows[0];
  await db
    .updateTable('employees')
    // The employee side shows everything it has: their reports and their earnings too.
    .set({
      email: DEMO_EMPLOYEE_EMAIL,
      permission_site: 1,
      create_time_entries: 1,
      run_reports: 1,
      view_pay_information: 1,
    })
    .where('id', '=', first.id)
    .execute();
  await db
    .insertInto('users')
    .values({
      account_id: accountId,
      user_type: 'employee',
      employee_ref: first.id,
      name: employees[0].name,
      username: 'demo.employee',
      email: DEMO_EMPLOYEE_EMAIL,
      phone_number: null,
      date_of_birth: null,
      password_hash: await hashPassword(DEMO_PASSWORD),
      profile_image: null,
      created_at: at,
      updated_at: at,
    })
    .execute();

  await seedExtras(
    db,
    accountId,
    empRows.map((e) => e.id),
    rand,
    at,
  );
  const stationIds = (
    await db
      .insertInto('stations')
      .values(
        STATIONS.map((name) => ({
          account_id: accountId,
          name,
          token_hash: null,
          pairing_code_hash: null,
          pairing_expires_at: null,
          last_seen_at: null,
          last_sync_at: null,
          revoked_at: null,
          created_at: at,
          updated_at: at,
        })),
      )
      .returning('id')
      .execute()
  ).map((r) => r.id);
  const punches = demoPunches(
    accountId,
    empRows.map((e) => e.id),
    rand,
    stationIds,
    now,
  );
  await insertChunked(db, 'punches', punches);
  await insertChunked(db, 'activity_logs', await clockLogs(db, accountId));
  // Rows inserted directly, so sealed in the ledger here (db/ledger.ts): the demo's audit check is ok.
  await db.transaction().execute((trx) => sealExisting(trx, accountId));
  await markStationsSeen(db, accountId, stationIds, punches);
  return {
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
    employees: empRows.length,
    punches: punches.length,
    clockedIn: punches.filter((p) => !p.time_out).length,
  };
}

/**
 * A station is seen whenever it punches someone in or out (stations.markSeen, from the station guard), so
 * each demo station was last seen at the latest punch made at it. Neither ever synced offline punches, so
 * their last sync stays empty.
 */
async function markStationsSeen(
  db: Database,
  accountId: number,
  stationIds: number[],
  punches: Insertable<PunchesTable>[],
) {
  for (const id of stationIds) {
    const times = punches.flatMap((p) => [
      ...(p.station_id === id ? [p.time_in] : []),
      ...(p.station_out_id === id && p.time_out ? [p.time_out] : []),
    ]);
    // ISO instants in UTC sort as text.
    const lastSeen = times.reduce<string | null>((max, t) => (max === null || t > max ? t : max), null);
    await db
      .updateTable('stations')
      .set({ last_seen_at: lastSeen })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .execute();
  }
}

/** Departments without staff of their own, and custom fields with values (locker numbers are unique). */
async function seedExtras(
  db: Database,
  accountId: number,
  employeeIds: number[],
  rand: () => number,
  at: string,
) {
  await db
    .insertInto('departments')
    .values(EXTRA_DEPARTMENTS.map((d) => ({ account_id: accountId, ...d, created_at: at, updated_at: at })))
    .execute();
  const fields = await db
    .insertInto('custom_fields')
    .values([
      {
        account_id: accountId,
        field_name: 'Locker',
        field_type: 'number',
        allow_duplicates: 0,
        created_at: at,
        updated_at: at,
      },
      {
        account_id: accountId,
        field_name: 'Start date',
        field_type: 'date',
        allow_duplicates: 1,
        created_at: at,
        updated_at: at,
      },
      {
        account_id: accountId,
        field_name: 'Shirt size',
        field_type: 'text',
        allow_duplicates: 1,
        created_at: at,
        updated_at: at,
      },
    ])
    .returning(['id', 'field_name'])
    .execute();
  const id = (name: string) => fields.find((f) => f.field_name === name)!.id;
  const values = employeeIds.flatMap((emp, i) => [
    { account_id: accountId, field_id: id('Locker'), employee_ref: emp, value: String(100 + i) },
    {
      account_id: accountId,
      field_id: id('Start date'),
      employee_ref: emp,
      value: `20${18 + (i % 7)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + Math.floor(rand() * 28)).padStart(2, '0')}`,
    },
    {
      account_id: accountId,
      field_id: id('Shirt size'),
      employee_ref: emp,
      value: ['S', 'M', 'L', 'XL'][i % 4],
    },
  ]);
  await insertChunked(db, 'custom_field_values', values);
  await db
    .insertInto('faqs')
    .values(DEMO_FAQS.map((f) => ({ account_id: accountId, ...f, created_at: at, updated_at: at })))
    .execute();
}

/** The company's own FAQs (Support Center, and the employees' Support page). */
const DEMO_FAQS = [
  {
    topic: 'Clocking in',
    question: 'I forgot to clock out yesterday. What do I do?',
    answer:
      'Tell your manager the time you left. They fix the punch from your employee page; the change is kept in the activity log.',
  },
  {
    topic: 'Clocking in',
    question: 'The station says my PIN is locked.',
    answer:
      'After five wrong PINs a station locks your PIN for 15 minutes. Use your badge, or wait and try again.',
  },
  {
    topic: 'Pay',
    question: 'When is lunch taken off my hours?',
    answer:
      'Lunch and Break punches marked Auto are unpaid and taken off the day. Manual ones are recorded and still paid.',
  },
  {
    topic: 'Pay',
    question: 'Where do I see my earnings?',
    answer: 'Open View Earnings in the menu: your earnings and deductions by day, week and month.',
  },
];

/** The activity log a station writes for those shifts: a clock-in and (where there is one) a clock-out, at their times. */
async function clockLogs(db: Database, accountId: number) {
  const shifts = await db
    .selectFrom('punches')
    .select(['id', 'employee_ref', 'time_in', 'time_out', 'station_id'])
    .where('account_id', '=', accountId)
    .execute();
  return shifts.flatMap((p) => [
    {
      account_id: accountId,
      user_id: null,
      employee_id: p.employee_ref,
      action: 'punch.clock_in',
      details: JSON.stringify({ punch_id: p.id, time_in: p.time_in, station_id: p.station_id }),
      created_at: p.time_in,
      updated_at: p.time_in,
    },
    ...(p.time_out
      ? [
          {
            account_id: accountId,
            user_id: null,
            employee_id: p.employee_ref,
            action: 'punch.clock_out',
            details: JSON.stringify({ punch_id: p.id, time_out: p.time_out, station_id: p.station_id }),
            created_at: p.time_out,
            updated_at: p.time_out,
          },
        ]
      : []),
  ]);
}

/** The weekdays of the last 8 weeks up to and including `today` (when it is one), oldest first. */
function workdays(today: string): string[] {
  const noon = Date.parse(`${today}T12:00:00Z`);
  const days: string[] = [];
  for (let back = WEEKS * 7; back >= 0; back--) {
    const d = new Date(noon - back * 86_400_000);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) days.push(d.toISOString().slice(0, 10));
  }
  return days;
}

const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/**
 * Weekday shifts for the 8 weeks up to `now`: most start within an hour of their department's usual start, some
 * arrive late, about a third clock out for lunch, and one forgot to clock out on the last working day. Only what
 * has happened by `now` is there: today's shifts that have begun are open until their end has passed, a lunch
 * not yet back from leaves them out, and nobody has started yet in the small hours or at the weekend.
 */
function demoPunches(
  accountId: number,
  employeeIds: number[],
  rand: () => number,
  stationIds: number[],
  now: Date,
): Insertable<PunchesTable>[] {
  const rows: Insertable<PunchesTable>[] = [];
  const today = localDay(now, ZONE);
  const days = workdays(today);
  const lastDay = days.filter((d) => d < today).at(-1);
  for (const date of days) {
    employeeIds.forEach((emp, i) => {
      const forgot = date === lastDay && i === FORGETFUL;
      // Still clocked in since the last working day (one open shift at a time): the manager has to fix it first.
      if (date === today && i === FORGETFUL) return;
      if (!forgot && rand() < 0.06) return; // a day off
      const late = rand() < 0.1;
      const usual = DEPARTMENTS[i % DEPARTMENTS.length].starts;
      const startMin = usual + Math.floor(rand() * 60) + (late ? 20 + Math.floor(rand() * 40) : 0);
      const endMin = startMin + 8 * 60 + Math.floor(rand() * 90);
      const lunch = !forgot && rand() < 0.3 && startMin < 12 * 60 && endMin > 13 * 60;
      const note = late ? 'Late arrival' : null;
      // About a third clock out for a 30-minute lunch at noon: two punches that day.
      const parts: [number, number | null, string | null][] = lunch
        ? [
            [startMin, 12 * 60, note],
            [12 * 60 + 30, endMin, 'Back from lunch'],
          ]
        : [[startMin, forgot ? null : endMin, note]];
      const station = stationIds[i % stationIds.length];
      for (const [from, to, notes] of parts) {
        const timeIn = zonedToUtc(date, hhmm(from), ZONE);
        if (timeIn > now) continue; // not begun yet
        const out = to === null ? null : zonedToUtc(date, hhmm(to), ZONE);
        const timeOut = out && out <= now ? out.toISOString() : null; // still at work
        rows.push(stationPunch({ accountId, emp, date, station, notes }, timeIn.toISOString(), timeOut));
      }
    });
  }
  return rows;
}

/** One shift punched in (and, when it has ended, out) at a station that was online: received as it was made. */
function stationPunch(
  s: { accountId: number; emp: number; date: string; station: number; notes: string | null },
  from: string,
  to: string | null,
): Insertable<PunchesTable> {
  return {
    account_id: s.accountId,
    employee_ref: s.emp,
    client_id: randomUUID(),
    clock_out_client_id: to ? randomUUID() : null,
    work_date: s.date,
    time_in: from,
    time_out: to,
    device_time_in: from,
    device_time_out: to,
    received_in_at: from,
    received_out_at: to,
    source: 'station',
    station_id: s.station,
    station_out_id: to ? s.station : null,
    type: 'None',
    deduction: 'Auto',
    notes: s.notes,
    created_at: from,
    updated_at: to ?? from,
  };
}
