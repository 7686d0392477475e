import {
  EMPLOYEE_FLAGS,
  effectiveFlags,
  type ErrorCode,
  messages,
  type EmployeeBody,
  type EmployeeFlag,
  type EmployeeStatus,
  type SearchBody,
  type PageQuery,
  type RateChangeBody,
} from '@punchclock/contract';
import { reachOf, reaches, requireAccess } from '../../auth/access';
import { assertOwnUserId, type AuthContext } from '../../auth/guards';
import { createPasswordLink } from '../../auth/password-links';
import type { UnitOfWork } from '../unit-of-work';
import { hashPin } from '../../lib/badges';
import { decodeCursor, pageOf } from '../../lib/cursor';
import { type AppError, conflict, isUniqueViolation, notFound, unprocessable } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import { centsFromDecimal, decimalFromCents } from '../../lib/money';
import { localDay, nowIso } from '../../lib/time';
import type { CustomValue } from '../custom-fields/custom-fields.repository';
import { normaliseFieldValue } from '../custom-fields/field-values';
import { namedDepartment } from '../departments/departments.service';
import type { ViewPage } from './employees.repository';
import type { EmployeesRepos } from './employees.repositories';

/** Employee lists are in (folded name, id) order (db/keyset nameOrder); a cursor holds that key. */
const EMPLOYEE_KEY = ['string', 'number'] as const;
const employeeKeys = (page: ViewPage) => (e: { id: number }) => [page.nameKeys.get(e.id)!, e.id];

type Flags = Record<EmployeeFlag, number>;

/**
 * A new employee's flags where the body is silent: App Login (what lets them punch at a time station) on;
 * everything else off, Punch In/Out (punching from their own login) included.
 */
const CREATE_FLAGS = {
  ...(Object.fromEntries(EMPLOYEE_FLAGS.map((f) => [f, 0])) as Flags),
  permission_app: 1,
};

/** The flags the body sends; absent ones keep their value (or the create default). */
function sentFlags(body: EmployeeBody): Partial<Flags> {
  const out: Partial<Flags> = {};
  for (const f of EMPLOYEE_FLAGS) if (body[f] !== undefined) out[f] = Number(body[f]);
  if (body.view_gps_location_information !== undefined && body.view_gps_location === undefined)
    out.view_gps_location = Number(body.view_gps_location_information);
  return out;
}

/** Flags as stored: the sent ones over the base, then the hierarchy (an option whose group is off is off). */
const storedFlags = (base: Flags, sent: Partial<Flags>): Flags => effectiveFlags({ ...base, ...sent });

/** One employee of a batch to create (a form is a batch of one, a spreadsheet a batch of many). */
export interface NewEmployee {
  /** Where the row came from (the spreadsheet's row number; 1 for a form): issues name it. */
  row: number;
  /** An employee being changed: it is no duplicate of itself. */
  id?: number;
  /** An existing department, or one an import names (made with the batch when the account lacks it). */
  department: { id: number } | { name: string };
  name: string;
  employee_id: string;
  title: string | null;
  email: string | null;
  hourly_rate_cents: number;
  pin: string | null;
  status?: EmployeeStatus;
  flags: Partial<Flags>;
  /** Raw custom values keyed by field id; null or '' clears one. */
  custom: Record<string, unknown>;
}
/** A batch row from the form's fields: the contract's `employeeBody`, or the part of it a spreadsheet row holds. */
export const newEmployee = (
  row: number,
  department: NewEmployee['department'],
  f: Pick<EmployeeBody, 'name' | 'employee_id' | 'title' | 'email' | 'hourly_rate' | 'pin'> &
    Partial<Pick<EmployeeBody, 'status'>>,
  more: Partial<Pick<NewEmployee, 'flags' | 'custom'>> = {},
): NewEmployee => ({
  row,
  department,
  name: f.name,
  employee_id: f.employee_id,
  title: f.title || null,
  email: f.email || null,
  hourly_rate_cents: centsFromDecimal(f.hourly_rate ?? '0'),
  pin: f.pin || null,
  status: f.status,
  flags: more.flags ?? {},
  custom: more.custom ?? {},
});

/** A row an import could not read: only its custom values are checked, and it is never written. */
export interface MalformedRow {
  row: number;
  malformed: true;
  custom: Record<string, unknown>;
}
export type BatchRow = NewEmployee | MalformedRow;

export interface EmployeeIssue {
  row: number;
  /** 'department_id', 'employee_id', 'email' or 'custom_fields.<field id>'. */
  key: string;
  message: string;
  /**
   * Taken only by an earlier row of the same batch (a code, e-mail or custom value), not by an employee of the
   * account.
   */
  repeated?: boolean;
}

type Checked = NewEmployee & { values: { field_id: number; value: string | null }[] };
interface Invitee {
  userId: number;
  email: string;
  name: string;
}

/** An Employee ID as uniqueness compares it: its letter case aside. */
const codeKey = (code: string) => code.toLowerCase();
/** A department named in an import: any case, runs of spaces as one ("Café  Staff" is "Café Staff"). */
const departmentKey = (name: string) => name.replace(/\s+/g, ' ').trim().toLowerCase();

const isWhole = (r: BatchRow): r is NewEmployee => !('malformed' in r);
const heldByOther = (holders: Map<string, number[]>, key: string, self?: number) =>
  (holders.get(key) ?? []).some((id) => id !== self);
function holdersOf<T>(rows: T[], key: (r: T) => string | null, id: (r: T) => number) {
  const out = new Map<string, number[]>();
  for (const r of rows) {
    const k = key(r);
    if (k !== null) out.set(k, [...(out.get(k) ?? []), id(r)]);
  }
  return out;
}

/** What a form is told about its one row: a missing department first (422), then taken codes (409), then custom values (422). */
function refusal(issues: EmployeeIssue[]): AppError {
  const own = issues.filter((i) => !i.key.startsWith('custom_fields.'));
  const errors = Object.fromEntries((own.length ? own : issues).map((i) => [i.key, [i.message]]));
  const first = Object.values(errors)[0][0];
  if (errors.department_id) return unprocessable(errors.department_id[0], errors);
  return own.length ? conflict(first, errors, TAKEN[own[0].key]) : unprocessable(first, errors);
}

/** The code of a conflict by the field whose value is taken (the first of the row's issues). */
const TAKEN: Record<string, ErrorCode> = { employee_id: 'employee.id_taken', email: 'employee.email_taken' };

/** A race past the checks still meets the unique indexes: answered as the conflict the checks would give. */
const uniqueToConflict = (e: unknown): never => {
  if (isUniqueViolation(e)) {
    const login = /users/.test(String((e as Error).message));
    throw conflict(
      login ? messages.people.loginEmailTaken : messages.people.employeeIdTaken,
      login ? { email: [messages.people.loginEmailTaken] } : undefined,
      login ? 'employee.login_email_taken' : 'employee.id_taken',
    );
  }
  throw e;
};

/**
 * An edit's change of the hourly rate, or undefined when the rate stays: the new rate in cents, the day it is paid
 * from (the body's, else today in the account's zone; never after today) and the rate it replaces.
 */
async function rateChangeOf(
  r: EmployeesRepos,
  accountId: number,
  employeeRef: number,
  current: string,
  body: Pick<EmployeeBody, 'hourly_rate' | 'rate_effective_from'>,
) {
  if (body.hourly_rate == null) return undefined;
  const cents = centsFromDecimal(body.hourly_rate);
  const replaced = centsFromDecimal(current);
  if (cents === replaced && !body.rate_effective_from) return undefined;
  const today = localDay(new Date(), (await r.settings.read(accountId)).time_zone);
  const from = body.rate_effective_from ?? today;
  if (from > today)
    throw unprocessable(messages.employees.rateFromFuture, {
      rate_effective_from: [messages.employees.rateFromFuture],
    });
  if (cents !== replaced) return { from, cents, replaced };
  // The same rate with a date corrects the day the current rate is paid from (a raise entered today that
  // was due in March): the rates from the earlier of the two days on are replaced by this rate from `from`,
  // so days between them fall back to the rate before when it moves later. A rate that never changed is
  // paid from the first day already: nothing to move.
  const [latest, before] = await r.rates.list(accountId, employeeRef);
  if (!latest || !before || latest.effective_from === from) return undefined;
  return { from, cents, replaced, since: from < latest.effective_from ? from : latest.effective_from };
}

/** A row of employee_rates as the API shows it. */
const rateView = (r: { effective_from: string; rate_cents: number; created_at: string }) => ({
  effective_from: r.effective_from,
  hourly_rate: decimalFromCents(r.rate_cents),
  set_at: r.created_at,
});

export interface EmployeesServiceDeps {
  repos: EmployeesRepos;
  inTransaction: UnitOfWork<EmployeesRepos>;
  mailer: Mailer;
  appSecret: string;
  publicUrl: string;
}

export function employeesService({
  repos,
  inTransaction,
  mailer,
  appSecret,
  publicUrl,
}: EmployeesServiceDeps) {
  async function mustFind(r: EmployeesRepos, auth: AuthContext, id: number, includeDeleted = false) {
    const e = await r.employees.one(auth.accountId, auth.ownerUserId, id, reachOf(auth), includeDeleted);
    if (!e) throw notFound(messages.employees.notFound);
    return e;
  }

  /**
   * Checks a batch against the account and against its own earlier rows, in a fixed number of queries
   * whatever its size: the department is the account's, the code and e-mail are free, custom values fit
   * their field and are not taken where duplicates are not allowed.
   */
  async function check(r: EmployeesRepos, accountId: number, rows: BatchRow[]) {
    const whole = rows.filter(isWhole);
    const named = whole.some((w) => 'name' in w.department);
    const departmentIds = whole.flatMap((w) => ('id' in w.department ? [w.department.id] : []));
    const departments = await r.departments.current(accountId, named ? undefined : departmentIds);
    const codes = whole.map((w) => w.employee_id);
    const emails = whole.flatMap((w) => (w.email ? [w.email] : []));
    const held = codes.length ? await r.employees.identities(accountId, codes, emails) : [];
    // Employee IDs are one whatever their letter case: a station typing "a001" must never reach another employee
    // than "A001" (the clock finds the exact code).
    const codeHolders = holdersOf(
      held,
      (h) => codeKey(h.employee_id),
      (h) => h.id,
    );
    const emailHolders = holdersOf(
      held,
      (h) => h.email,
      (h) => h.id,
    );

    const fieldIds = [...new Set(rows.flatMap((w) => Object.keys(w.custom).map(Number)))];
    const fields = new Map(
      (fieldIds.length ? await r.fields.list(accountId, fieldIds) : []).map((f) => [f.id, f]),
    );
    const normalised = rows.map((w) =>
      Object.entries(w.custom).map(([key, raw]) => {
        const field = fields.get(Number(key));
        return { key, field, v: field ? normaliseFieldValue(field, raw) : null };
      }),
    );
    const unique = [...fields.values()].filter((f) => !f.allow_duplicates).map((f) => f.id);
    const candidates = normalised.flatMap((vs) =>
      vs.flatMap(({ field, v }) =>
        field && !field.allow_duplicates && v && 'value' in v && v.value !== null ? [v.value] : [],
      ),
    );
    const taken = candidates.length ? await r.fields.currentValues(accountId, unique, candidates) : [];
    const valueHolders = holdersOf(
      taken,
      (t) => `${t.field_id}:${t.value}`,
      (t) => t.employee_ref,
    );

    const issues: EmployeeIssue[] = [];
    const good: Checked[] = [];
    const seen = { codes: new Set<string>(), emails: new Set<string>(), values: new Set<string>() };
    rows.forEach((w, i) => {
      const before = issues.length;
      const self = isWhole(w) ? w.id : undefined;
      const issue = (key: string, message: string, repeated?: boolean) =>
        issues.push({ row: w.row, key, message, ...(repeated ? { repeated } : {}) });
      const values: Checked['values'] = [];
      for (const { key, field, v } of normalised[i]) {
        const at = `custom_fields.${key}`;
        if (!field || !v) issue(at, messages.people.fieldNotFound);
        else if ('error' in v) issue(at, v.error);
        else if (v.value === null || field.allow_duplicates)
          values.push({ field_id: field.id, value: v.value });
        else {
          const valueKey = `${field.id}:${v.value}`;
          const valueTaken = heldByOther(valueHolders, valueKey, self);
          if (valueTaken || seen.values.has(valueKey))
            issue(at, messages.people.fieldValueTaken(field.field_name), !valueTaken);
          else values.push({ field_id: field.id, value: v.value });
        }
      }
      if (!isWhole(w)) return;
      if ('id' in w.department && !departments.some((d) => d.id === (w.department as { id: number }).id))
        issue('department_id', messages.people.departmentNotFound);
      const codeTaken = heldByOther(codeHolders, codeKey(w.employee_id), self);
      if (codeTaken || seen.codes.has(codeKey(w.employee_id)))
        issue('employee_id', messages.people.employeeIdTaken, !codeTaken);
      const emailTaken = !!w.email && heldByOther(emailHolders, w.email, self);
      if (w.email && (emailTaken || seen.emails.has(w.email)))
        issue('email', messages.people.emailTaken, !emailTaken);
      if (issues.length > before) return;
      seen.codes.add(codeKey(w.employee_id));
      if (w.email) seen.emails.add(w.email);
      for (const v of values) seen.values.add(`${v.field_id}:${v.value}`);
      good.push({ ...w, values });
    });
    const known = new Map(departments.map((d) => [departmentKey(d.dp_name), d.id]));
    return { good, issues, known };
  }

  /** Writes checked values of one employee: a null value removes the employee's value for that field. */
  async function writeValues(
    r: EmployeesRepos,
    accountId: number,
    employeeRef: number,
    values: Checked['values'],
  ) {
    await r.fields.clearValues(
      accountId,
      employeeRef,
      values.map((v) => v.field_id),
    );
    await r.fields.insertValues(accountId, valuesToInsert([{ id: employeeRef, values }]));
  }
  const valuesToInsert = (rows: { id: number; values: Checked['values'] }[]): CustomValue[] =>
    rows.flatMap((w) =>
      w.values.flatMap((v) =>
        v.value === null ? [] : [{ employee_ref: w.id, field_id: v.field_id, value: v.value }],
      ),
    );

  /**
   * Site access with an e-mail gives the employee a login (user_type employee). Answers who to invite when a
   * new login was made or its e-mail changed; removing site access ends its sessions.
   */
  async function syncLogin(
    r: EmployeesRepos,
    accountId: number,
    employeeRef: number,
    who: { name: string; email: string | null; site: boolean },
  ): Promise<Invitee | null> {
    const { name, email } = who;
    const login = await r.logins.employeeLoginOf(accountId, employeeRef);
    if (!who.site || !email) {
      if (login) await r.logins.revokeEmployeeSessions(accountId, [employeeRef]);
      return null;
    }
    // Login e-mails are unique across accounts: whoever holds this one elsewhere blocks it.
    const holder = await r.logins.findUserByEmail(email);
    if (holder && holder.id !== login?.id)
      throw conflict(
        messages.people.loginEmailTaken,
        { email: [messages.people.loginEmailTaken] },
        'employee.login_email_taken',
      );
    if (login) {
      if (login.email === email) return null;
      await r.logins.updateEmployeeLogin(accountId, login.id, { name, email });
      return { userId: login.id, email, name };
    }
    const userId = await r.logins.insertEmployeeLogin(accountId, { employee_ref: employeeRef, name, email });
    return { userId, email, name };
  }

  async function invite(accountId: number, to: Invitee) {
    const link = await createPasswordLink(repos.logins, {
      secret: appSecret,
      publicUrl,
      userId: to.userId,
      accountId,
      email: to.email,
    });
    const company = (await repos.settings.read(accountId)).account_company_name;
    await mailer.send({
      to: to.email,
      subject: `${company} invited you to Punchclock`,
      text: `Hello ${to.name},\n\n${company} gave you access to Punchclock, where you can see your hours and punches.\nChoose your password within 60 minutes with this link:\n\n${link}\n\nThen log in with this e-mail address. If the link has expired, use "Forgot password" on the login page.\n`,
      links: [link],
    });
  }

  /**
   * The one way employees are created (POST /employees is a batch of one, the import a batch of many):
   * checks every row, then, unless `dryRun`, writes the good ones with set-based inserts: departments an
   * import names, the employees, their PINs, custom values and logins. Bad rows are answered, never written.
   */
  async function add(
    r: EmployeesRepos,
    accountId: number,
    rows: BatchRow[],
    opts: { dryRun?: boolean; importFile?: string } = {},
  ) {
    const { good, issues, known } = await check(r, accountId, rows);
    // Each new department once, named as its first row writes it (runs of spaces as one).
    const firstNamed = new Map<string, string>();
    for (const g of good)
      if ('name' in g.department) {
        const key = departmentKey(g.department.name);
        if (!known.has(key) && !firstNamed.has(key))
          firstNamed.set(key, g.department.name.replace(/\s+/g, ' ').trim());
      }
    const newDepartments = [...firstNamed.values()];
    const answer = { accepted: good.map((g) => g.row), issues, newDepartments };
    if (opts.dryRun || good.length === 0)
      return { ...answer, ids: [] as number[], invitees: [] as Invitee[] };

    const at = nowIso();
    const batchId = opts.importFile
      ? await r.employees.insertImportBatch(accountId, opts.importFile.slice(0, 200), good.length)
      : null;
    const departmentOf = new Map(known);
    for (const name of newDepartments)
      departmentOf.set(
        departmentKey(name),
        await r.departments.insert(accountId, { ...namedDepartment(name), created_at: at, updated_at: at }),
      );
    // A PIN given where Use Card or PIN is not said (an import's PIN column, an API call) is meant to be asked: the
    // flag is turned on with it. A form that sends the flag keeps its choice.
    const flags = good.map((g) =>
      storedFlags(CREATE_FLAGS, { ...(g.pin ? { use_card_or_pin: 1 } : {}), ...g.flags }),
    );
    const idOf = await r.employees.insertMany(
      accountId,
      good.map((g, i) => ({
        department_id:
          'id' in g.department ? g.department.id : departmentOf.get(departmentKey(g.department.name))!,
        employee_id: g.employee_id,
        name: g.name,
        title: g.title,
        email: g.email,
        hourly_rate_cents: g.hourly_rate_cents,
        pin: null,
        status: g.status ?? 'active',
        import_batch_id: batchId,
        created_at: at,
        updated_at: at,
        ...flags[i],
      })),
    );
    const ids = good.map((g) => idOf.get(g.employee_id)!);
    // A PIN hash is bound to its row id, so it is written once the id exists.
    await r.employees.setPins(
      accountId,
      good.flatMap((g, i) => (g.pin ? [{ id: ids[i], pin: hashPin(appSecret, ids[i], g.pin) }] : [])),
    );
    await r.fields.insertValues(
      accountId,
      valuesToInsert(good.map((g, i) => ({ id: ids[i], values: g.values }))),
    );
    const invitees: Invitee[] = [];
    for (const [i, g] of good.entries()) {
      const site = !!flags[i].permission_site && !!g.email;
      const invitee = site ? await syncLogin(r, accountId, ids[i], { ...g, site }) : null;
      if (invitee) invitees.push(invitee);
    }
    return { ...answer, ids, invitees };
  }

  /** A department-scoped caller may place employees only in its own departments: others are "not found". */
  const requireDepartmentInReach = (auth: AuthContext, departmentId: number) => {
    if (!reaches(auth, departmentId))
      throw unprocessable(messages.people.departmentNotFound, {
        department_id: [messages.people.departmentNotFound],
      });
  };

  const fromBody = (body: EmployeeBody) =>
    newEmployee(1, { id: body.department_id }, body, {
      flags: sentFlags(body),
      custom: body.custom_fields ?? {},
    });

  return {
    add,

    /** One page of the current employees in (name, id) order; the count only on the first page (then carried in the cursor). */
    async list(auth: AuthContext, q: PageQuery, userId?: unknown) {
      requireAccess(auth, 'employees:read');
      assertOwnUserId(auth, userId);
      const cursor = decodeCursor('employees', q.cursor, EMPLOYEE_KEY);
      const [rows, total] = await Promise.all([
        repos.employees.listPage(
          auth.accountId,
          auth.ownerUserId,
          {
            after: cursor?.key,
            back: cursor?.back,
            limit: q.limit + 1,
          },
          reachOf(auth),
        ),
        cursor?.total ?? repos.employees.count(auth.accountId, reachOf(auth)),
      ]);
      const page = pageOf('employees', rows.rows, {
        limit: q.limit,
        cursor,
        keyOf: employeeKeys(rows),
        total,
      });
      return { data: page.data, next_cursor: page.next_cursor, prev_cursor: page.prev_cursor, total };
    },

    async get(auth: AuthContext, id: number) {
      requireAccess(auth, 'employees:read');
      return { data: await mustFind(repos, auth, id, true) };
    },

    /** The employee's hourly rates by the day each took effect, newest first (employee_rates). */
    async rates(auth: AuthContext, id: number) {
      requireAccess(auth, 'employees:read');
      await mustFind(repos, auth, id, true);
      return { data: (await repos.rates.list(auth.accountId, id)).map(rateView) };
    },

    /**
     * A change of the hourly rate alone, as an edit makes it. A deleted employee of the account is taken too:
     * reports still pay their days, so a wrong rate must stay correctable; everything else about them is refused.
     */
    async changeRate(auth: AuthContext, id: number, body: RateChangeBody) {
      requireAccess(auth, 'employees:write');
      await inTransaction(async (r) => {
        const old = await mustFind(r, auth, id, true);
        const rate = await rateChangeOf(r, auth.accountId, id, old.hourly_rate, body);
        if (!rate) return;
        await r.employees.update(auth.accountId, id, { hourly_rate_cents: rate.cents });
        // After the employee's row is written: on PostgreSQL its lock makes a concurrent edit wait for this one.
        await r.rates.change(auth.accountId, id, rate);
        await r.activity.record(auth.accountId, {
          userId: auth.userId,
          employeeId: id,
          action: 'employee.updated',
          details: { old, new: await mustFind(r, auth, id, true), rate_effective_from: rate.from },
        });
      });
      return { data: (await repos.rates.list(auth.accountId, id)).map(rateView) };
    },

    /** One page of the search's results in (name, id) order; the count ('Found N employees') only on the first page. */
    async search(auth: AuthContext, body: SearchBody) {
      requireAccess(auth, 'employees:read');
      const cursor = decodeCursor('employee-search', body.cursor, EMPLOYEE_KEY);
      const [rows, total] = await Promise.all([
        repos.employees.search(
          auth.accountId,
          auth.ownerUserId,
          body,
          {
            after: cursor?.key,
            back: cursor?.back,
            limit: body.limit + 1,
          },
          reachOf(auth),
        ),
        cursor?.total ?? repos.employees.searchCount(auth.accountId, body, reachOf(auth)),
      ]);
      const page = pageOf('employee-search', rows.rows, {
        limit: body.limit,
        cursor,
        keyOf: employeeKeys(rows),
        total,
      });
      return { employees: page.data, next_cursor: page.next_cursor, prev_cursor: page.prev_cursor, total };
    },

    async create(auth: AuthContext, body: EmployeeBody) {
      requireAccess(auth, 'employees:write');
      requireDepartmentInReach(auth, body.department_id);
      const { data, invitee } = await inTransaction(async (r) => {
        const created = await add(r, auth.accountId, [fromBody(body)]);
        if (created.issues.length) throw refusal(created.issues);
        const data = await mustFind(r, auth, created.ids[0]);
        await r.activity.record(auth.accountId, {
          userId: auth.userId,
          employeeId: data.id,
          action: 'employee.created',
          details: { new: data },
        });
        return { data, invitee: created.invitees[0] };
      }).catch(uniqueToConflict);
      if (invitee) await invite(auth.accountId, invitee);
      return { message: messages.employees.created, data, ...(invitee ? { invited: invitee.email } : {}) };
    },

    async update(auth: AuthContext, id: number, body: EmployeeBody, userId?: unknown) {
      requireAccess(auth, 'employees:write');
      assertOwnUserId(auth, userId);
      const { data, invitee } = await inTransaction(async (r) => {
        const old = await mustFind(r, auth, id);
        requireDepartmentInReach(auth, body.department_id);
        const { good, issues } = await check(r, auth.accountId, [{ ...fromBody(body), id }]);
        if (issues.length) throw refusal(issues);
        const flags = storedFlags(
          Object.fromEntries(EMPLOYEE_FLAGS.map((f) => [f, Number(old[f])])) as Flags,
          sentFlags(body),
        );
        const pin = body.clear_pin
          ? { pin: null }
          : body.pin
            ? { pin: hashPin(appSecret, id, body.pin) }
            : {};
        const rate = await rateChangeOf(r, auth.accountId, id, old.hourly_rate, body);
        await r.employees.update(auth.accountId, id, {
          department_id: body.department_id,
          employee_id: body.employee_id,
          name: body.name,
          title: body.title || null,
          email: body.email || null,
          ...(body.hourly_rate != null ? { hourly_rate_cents: centsFromDecimal(body.hourly_rate) } : {}),
          ...(body.status ? { status: body.status } : {}),
          ...pin,
          ...flags,
        });
        // After the employee's row is written: on PostgreSQL its lock makes a concurrent edit wait for this one.
        if (rate) await r.rates.change(auth.accountId, id, rate);
        await writeValues(r, auth.accountId, id, good[0].values);
        const invitee = await syncLogin(r, auth.accountId, id, {
          name: body.name,
          email: body.email || null,
          site: !!flags.permission_site,
        });
        const data = await mustFind(r, auth, id);
        await r.activity.record(auth.accountId, {
          userId: auth.userId,
          employeeId: id,
          action: 'employee.updated',
          details: { old, new: data, ...(rate ? { rate_effective_from: rate.from } : {}) },
        });
        return { data, invitee };
      }).catch(uniqueToConflict);
      if (invitee) await invite(auth.accountId, invitee);
      return { message: messages.employees.updated, data, ...(invitee ? { invited: invitee.email } : {}) };
    },

    /** Soft delete: punches stay for payroll and reports; the code and e-mail become free; the login stops working. */
    async remove(auth: AuthContext, ids: number[], userId?: unknown) {
      requireAccess(auth, 'employees:write');
      assertOwnUserId(auth, userId);
      if (ids.length === 0) throw unprocessable(messages.people.noIds);
      await inTransaction(async (r) => {
        const found = await r.employees.current(auth.accountId, ids, reachOf(auth));
        if (found.length !== ids.length)
          throw notFound(ids.length === 1 ? messages.employees.notFound : messages.people.someNotFound);
        await r.employees.softDelete(auth.accountId, ids);
        await r.logins.revokeEmployeeSessions(auth.accountId, ids);
        for (const e of found)
          await r.activity.record(auth.accountId, {
            userId: auth.userId,
            employeeId: e.id,
            action: 'employee.deleted',
            details: { old: e },
          });
      });
      return ids.length === 1
        ? { message: messages.employees.deleted, deleted: 1 }
        : { message: messages.employees.bulkDeleted, deleted: ids.length };
    },
  };
}
export type EmployeesService = ReturnType<typeof employeesService>;
