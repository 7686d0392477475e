import {
  EMPLOYEE_FLAGS,
  messages,
  type EmployeeBody,
  type SearchBody,
  type PageQuery,
  type RateChangeBody,
} from '@punchclock/contract';
import { reachOf, reaches, requireAccess } from '../../auth/access';
import { assertOwnUserId, type AuthContext } from '../../auth/guards';
import type { UnitOfWork } from '../unit-of-work';
import { storedPin } from '../../lib/badges';
import { decodeCursor, pageOf } from '../../lib/cursor';
import { found, notFound, unprocessable } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import { centsFromDecimal } from '../../lib/money';
import { nowIso } from '../../lib/time';
import { namedDepartment } from '../departments/departments.service';
import type { EmployeePage, ViewPage } from './employees.repository';
import {
  type BatchRow,
  type Checked,
  checkBatch,
  CREATE_FLAGS,
  type Flags,
  departmentKey,
  newEmployee,
  refusal,
  sentFlags,
  storedFlags,
  uniqueToConflict,
  valuesToInsert,
} from './employee-admission';
import { type Invitee, inviteEmployee, syncLogin } from './employee-logins';
import type { EmployeesRepos } from './employees.repositories';
import { rateChangeOf, rateView } from './rate-changes';

/** Employee lists are in (folded name, id) order (db/keyset nameOrder); a cursor holds that key. */
const EMPLOYEE_KEY = ['string', 'number'] as const;
const employeeKeys = (page: ViewPage) => (e: { id: number }) => [page.nameKeys.get(e.id)!, e.id];

/**
 * One page of an employee list in (name, id) order, read after (or before) the cursor's key; the count only on
 * the first page, then carried in the cursor. The list and the search differ only in their rows and count.
 */
async function employeePage(
  list: 'employees' | 'employee-search',
  q: { cursor?: string; limit: number },
  rowsOf: (window: EmployeePage) => Promise<ViewPage>,
  countOf: () => Promise<number>,
) {
  const cursor = decodeCursor(list, q.cursor, EMPLOYEE_KEY);
  const [rows, total] = await Promise.all([
    rowsOf({ after: cursor?.key, back: cursor?.back, limit: q.limit + 1 }),
    cursor?.total ?? countOf(),
  ]);
  const page = pageOf(list, rows.rows, { limit: q.limit, cursor, keyOf: employeeKeys(rows), total });
  return { data: page.data, next_cursor: page.next_cursor, prev_cursor: page.prev_cursor, total };
}

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
  const mustFind = async (r: EmployeesRepos, auth: AuthContext, id: number, includeDeleted = false) =>
    found(
      await r.employees.one(auth.accountId, auth.ownerUserId, id, reachOf(auth), includeDeleted),
      messages.employees.notFound,
    );

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
  const invite = (accountId: number, to: Invitee) =>
    inviteEmployee({ repos, mailer, appSecret, publicUrl }, accountId, to);

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
    const { good, issues, known } = await checkBatch(r, accountId, rows);
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
      good.flatMap((g, i) =>
        g.pin ? [{ id: ids[i], ...storedPin(appSecret, accountId, ids[i], g.pin) }] : [],
      ),
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
      return employeePage(
        'employees',
        q,
        (window) => repos.employees.listPage(auth.accountId, auth.ownerUserId, window, reachOf(auth)),
        () => repos.employees.count(auth.accountId, reachOf(auth)),
      );
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
      const { data, ...page } = await employeePage(
        'employee-search',
        body,
        (window) => repos.employees.search(auth.accountId, auth.ownerUserId, body, window, reachOf(auth)),
        () => repos.employees.searchCount(auth.accountId, body, reachOf(auth)),
      );
      return { employees: data, ...page };
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
        const { good, issues } = await checkBatch(r, auth.accountId, [{ ...fromBody(body), id }]);
        if (issues.length) throw refusal(issues);
        const flags = storedFlags(
          Object.fromEntries(EMPLOYEE_FLAGS.map((f) => [f, Number(old[f])])) as Flags,
          sentFlags(body),
        );
        const pin = body.clear_pin
          ? { pin: null, pin_hint: null }
          : body.pin
            ? storedPin(appSecret, auth.accountId, id, body.pin)
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
          // When App Login was taken away: a station's offline punch made before it still counts
          // (docs/RULES.md#revocations-while-offline); given back, nothing is refused for it.
          ...(!flags.permission_app
            ? Number(old.permission_app)
              ? { app_login_removed_at: nowIso() }
              : {}
            : { app_login_removed_at: null }),
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
