import { DEPARTMENT_TYPES } from '@punchclock/contract';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { hashPin } from '../lib/badges';
import { localDay, nowIso, zonedToUtc } from '../lib/time';
import { authRepository } from '../modules/auth/auth.repository';

export const DEMO_EMAIL = 'demo@punchclock.test';
export const DEMO_PASSWORD = 'punchclock demo';
/** The first demo employee can log in to the employee side with this e-mail and DEMO_PASSWORD. */
export const DEMO_EMPLOYEE_EMAIL = 'employee@punchclock.test';
const ZONE = 'America/New_York';
const WEEKS = 8;

/** Deterministic pseudo-random numbers, so every demo refresh looks the same. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const FIRST = ['Ava', 'Liam', 'Noah', 'Emma', 'Olivia', 'Elijah', 'Mia', 'Lucas', 'Sofia', 'Mateo', 'Isla', 'Leo', 'Amara', 'Kai', 'Zoe', 'Ethan', 'Nora', 'Omar', 'Priya', 'Hugo'];
const LAST = ['Garcia', 'Smith', 'Nguyen', 'Okafor', 'Kowalski', 'Haddad', 'Rossi', 'Tanaka', 'Silva', 'Johansson', 'Patel', 'Murphy', 'Dubois', 'Khan', 'Schmidt'];
const DEPARTMENTS: { name: string; type: (typeof DEPARTMENT_TYPES)[number]; titles: string[] }[] = [
  { name: 'Warehouse', type: 'Location', titles: ['Picker', 'Forklift Driver', 'Shift Lead'] },
  { name: 'Front Office', type: 'Office', titles: ['Receptionist', 'Office Manager'] },
  { name: 'Sales', type: 'Department', titles: ['Account Executive', 'Sales Rep'] },
  { name: 'Delivery', type: 'Group', titles: ['Driver', 'Dispatcher'] },
  { name: 'Client: Harbor Foods', type: 'Client', titles: ['Merchandiser'] },
];

/** Removes every row of an account, children first (the foreign keys forbid any other order). */
async function deleteAccount(db: Database, accountId: number) {
  const tables: (keyof DB)[] = ['punches', 'custom_field_values', 'activity_logs', 'auth_tokens', 'users', 'stations', 'employees', 'import_batches', 'departments', 'custom_fields', 'api_keys', 'faqs', 'settings'];
  await db.transaction().execute(async (trx) => {
    for (const t of tables) await trx.deleteFrom(t).where('account_id', '=', accountId).execute();
    await trx.deleteFrom('accounts').where('id', '=', accountId).execute();
  });
}

async function insertChunked<T extends keyof DB>(db: Database, table: T, rows: object[]) {
  for (let i = 0; i < rows.length; i += 500) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await db.insertInto(table).values(rows.slice(i, i + 500) as any).execute();
  }
}

/** Creates (or re-creates) the demo account: departments, about 40 employees and 8 weeks of punches. */
export async function seedDemo(db: Database, secret: string): Promise<{ email: string; password: string; employees: number; punches: number }> {
  const repo = authRepository(db);
  const existing = await repo.findUserByEmail(DEMO_EMAIL);
  if (existing) await deleteAccount(db, existing.account_id);
  const { accountId } = await repo.createAccountWithOwner({
    companyName: 'Harbor Logistics (demo)',
    timeZone: ZONE,
    user: { name: 'Morgan Demo', username: 'demo', email: DEMO_EMAIL, phone_number: '+1 555 0199', date_of_birth: '1984-03-09', password_hash: await hashPassword(DEMO_PASSWORD) },
  });
  await db.updateTable('accounts').set({ time_zone: ZONE }).where('id', '=', accountId).execute();
  const at = nowIso();
  const rand = prng(42);

  const deptRows = await db
    .insertInto('departments')
    .values(DEPARTMENTS.map((d) => ({ account_id: accountId, dp_name: d.name, dp_type: d.type, created_at: at, updated_at: at })))
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
  const empRows = await db.insertInto('employees').values(employees).returning(['id', 'use_card_or_pin']).execute();
  // Employees who use card or PIN get the PIN 1234 (hashed, bound to their row).
  for (const e of empRows.filter((r) => r.use_card_or_pin)) {
    await db.updateTable('employees').set({ pin: hashPin(secret, e.id, '1234') }).where('id', '=', e.id).execute();
  }

  const first = empRows[0];
  await db.updateTable('employees').set({ email: DEMO_EMPLOYEE_EMAIL, permission_site: 1, create_time_entries: 1 }).where('id', '=', first.id).execute();
  await db
    .insertInto('users')
    .values({ account_id: accountId, user_type: 'employee', employee_ref: first.id, name: employees[0].name, username: 'demo.employee', email: DEMO_EMPLOYEE_EMAIL, phone_number: null, date_of_birth: null, password_hash: await hashPassword(DEMO_PASSWORD), profile_image: null, created_at: at, updated_at: at })
    .execute();

  const punches = demoPunches(accountId, empRows.map((e) => e.id), rand);
  await insertChunked(db, 'punches', punches);
  return { email: DEMO_EMAIL, password: DEMO_PASSWORD, employees: empRows.length, punches: punches.length };
}

/** Weekday shifts for 8 weeks: most start 8:00–9:00, some arrive late, lunches, and one forgotten clock-out. */
function demoPunches(accountId: number, employeeIds: number[], rand: () => number) {
  const rows: object[] = [];
  const today = localDay(new Date(), ZONE);
  const at = nowIso();
  const day = new Date(`${today}T12:00:00Z`);
  const weekdays: string[] = [];
  for (let back = WEEKS * 7; back >= 1; back--) {
    const d = new Date(day.getTime() - back * 86_400_000);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) weekdays.push(d.toISOString().slice(0, 10));
  }
  const lastDay = weekdays.at(-1);
  for (const date of weekdays) {
    employeeIds.forEach((emp, i) => {
      // The fourth employee forgot to clock out on the last working day: an open shift for the manager to fix.
      const forgot = date === lastDay && i === 3;
      if (!forgot && rand() < 0.06) return; // a day off
      const late = rand() < 0.1;
      const startMin = 8 * 60 + Math.floor(rand() * 60) + (late ? 20 + Math.floor(rand() * 40) : 0);
      const endMin = startMin + 8 * 60 + Math.floor(rand() * 90);
      const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      const timeIn = zonedToUtc(date, hhmm(startMin), ZONE).toISOString();
      const timeOut = forgot ? null : zonedToUtc(date, hhmm(endMin), ZONE).toISOString();
      rows.push({
        account_id: accountId, employee_ref: emp, client_id: randomUUID(), clock_out_client_id: forgot ? null : randomUUID(),
        work_date: date, time_in: timeIn, time_out: timeOut, device_time_in: timeIn, device_time_out: timeOut,
        received_in_at: timeIn, received_out_at: timeOut, source: 'station', type: 'None', deduction: 'Auto',
        notes: late ? 'Late arrival' : null, created_at: at, updated_at: at,
      });
    });
  }
  return rows;
}
