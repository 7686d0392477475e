import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { statementObserver } from '../src/db/database';
import { closeShiftsStatement } from '../src/modules/punches/punch-bulk';
import { punchesRepository } from '../src/modules/punches/punches.repository';
import { createAccount, createDepartment, createEmployee, insertPunch } from './factories';
import { dialect, useTestApp } from './helper';

/**
 * The live punch's read of what it can meet (punches.repository clockBook): the open shift and the closed
 * punches that end after the punch's instant or after the open shift's start, found by index whatever the
 * employee's history (issue 11).
 */
const t = useTestApp();
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

async function employeeWithHistory(days: number) {
  const owner = await createAccount(t);
  const dep = await createDepartment(t, owner, { dp_name: 'Floor' });
  const { id } = await createEmployee(t, owner, {
    name: 'Lee Long',
    department_id: dep.id,
    employee_id: 'L1',
  });
  const start = Date.parse('2024-01-01T08:00:00.000Z');
  // One closed 8-hour shift a day, then another account's punches at the same instants.
  for (let d = 0; d < days; d++)
    await insertPunch(t, owner.accountId, id, {
      time_in: iso(start + d * 24 * HOUR),
      time_out: iso(start + d * 24 * HOUR + 8 * HOUR),
    });
  return { accountId: owner.accountId, employeeRef: id };
}

describe('the clock book read', () => {
  it('answers the open shift and the closed punches a live punch can meet, and nothing else', async () => {
    const { accountId, employeeRef } = await employeeWithHistory(30);
    const repo = punchesRepository(t.db);
    const now = Date.now();
    // A clock-in now meets nothing of the history.
    expect(await repo.clockBook(accountId, employeeRef, iso(now))).toEqual([]);
    // A punch that runs past now (a manual punch to the end of the day) is met by a clock-in inside it.
    const running = await insertPunch(t, accountId, employeeRef, {
      time_in: iso(now - 2 * HOUR),
      time_out: iso(now + HOUR),
    });
    expect((await repo.clockBook(accountId, employeeRef, iso(now))).map((p) => p.id)).toEqual([running.id]);
    // An open shift begun before a punch that ended an hour ago: a clock-out now spans both, so the book holds
    // the open shift and that punch (it ends after the open shift's start), but not the day's earlier ones.
    await t.db.deleteFrom('punches').where('id', '=', running.id).execute();
    const ended = await insertPunch(t, accountId, employeeRef, {
      time_in: iso(now - 3 * HOUR),
      time_out: iso(now - HOUR),
    });
    const open = await insertPunch(t, accountId, employeeRef, { time_in: iso(now - 4 * HOUR) });
    const book = await repo.clockBook(accountId, employeeRef, iso(now));
    expect(book.map((p) => p.id).sort((a, b) => a - b)).toEqual([ended.id, open.id].sort((a, b) => a - b));
    expect(book.find((p) => p.id === open.id)?.time_out).toBeNull();
    // Another account's id answers nothing of this employee.
    const other = await createAccount(t);
    expect(await repo.clockBook(other.accountId, employeeRef, iso(now))).toEqual([]);
  });

  it.runIf(dialect === 'sqlite')(
    'searches by index only (SQLite without statistics, as the app runs): the open shift, and closed punches by their end',
    async () => {
      const { accountId, employeeRef } = await employeeWithHistory(400);
      let text = '';
      statementObserver.onStatement = (s) => (text = s);
      try {
        await punchesRepository(t.db).clockBook(accountId, employeeRef, new Date().toISOString());
      } finally {
        statementObserver.onStatement = undefined;
      }
      const params = (text.match(/\?/g) ?? []).map(() => null);
      const plan = (await t.db.executeQuery(CompiledQuery.raw(`explain query plan ${text}`, params)))
        .rows as {
        detail: string;
      }[];
      const details = plan.map((r) => r.detail).filter((d) => /^(SCAN|SEARCH)/.test(d));
      expect(details.length).toBe(4);
      for (const d of details)
        expect(d).toMatch(
          /^SEARCH \S+ USING INDEX (punches_one_open_shift \(employee_ref=\?\)|punches_employee_time_out \(employee_ref=\? AND time_out>\?\))$/,
        );
    },
  );

  it("answers a batch's book: open shifts, and what ended after the batch's instant or an open shift's start", async () => {
    const { accountId, employeeRef: lee } = await employeeWithHistory(3);
    const other = await createAccount(t);
    const otherDep = await createDepartment(t, other, { dp_name: 'Else' });
    const stranger = (await createEmployee(t, other, { name: 'Stranger', department_id: otherDep.id })).id;
    const now = Date.now();
    const open = await insertPunch(t, accountId, lee, { time_in: iso(now - 4 * HOUR) });
    const sinceOpen = await insertPunch(t, accountId, lee, {
      time_in: iso(now - 3 * HOUR),
      time_out: iso(now - HOUR),
    });
    const running = await insertPunch(t, accountId, lee, {
      time_in: iso(now - 30 * HOUR),
      time_out: iso(now + HOUR),
    });
    const old = await insertPunch(t, accountId, lee, {
      time_in: iso(now - 30 * HOUR),
      time_out: iso(now - 22 * HOUR),
    });
    await insertPunch(t, other.accountId, stranger, { time_in: iso(now - HOUR) });
    const ids = (await punchesRepository(t.db).bookOf(accountId, [lee, stranger], iso(now))).map((r) => r.id);
    expect(ids.sort((a, b) => a - b)).toEqual([open.id, sinceOpen.id, running.id].sort((a, b) => a - b));
    expect(ids).not.toContain(old.id);
    // Another account's employee, asked for by this account: nothing.
    expect(await punchesRepository(t.db).bookOf(accountId, [stranger], iso(now))).toEqual([]);
  });

  it.runIf(dialect === 'sqlite')(
    "reads a batch's book (sync, a group of live punches) by index only, whatever the employees' history",
    async () => {
      const { accountId, employeeRef } = await employeeWithHistory(400);
      // An open shift begun before the batch's instant: what ended since it began is read too.
      await insertPunch(t, accountId, employeeRef, { time_in: iso(Date.now() - 4 * HOUR) });
      const texts: string[] = [];
      statementObserver.onStatement = (s) => texts.push(s);
      try {
        // Several employees (an IN list), the others without punches.
        const rows = await punchesRepository(t.db).bookOf(
          accountId,
          [employeeRef, employeeRef + 1000, employeeRef + 1001],
          new Date().toISOString(),
        );
        expect(rows.map((r) => r.time_out)).toEqual([null]);
      } finally {
        statementObserver.onStatement = undefined;
      }
      expect(texts).toHaveLength(1);
      for (const text of texts) {
        const params = (text.match(/\?/g) ?? []).map(() => null);
        const plan = (await t.db.executeQuery(CompiledQuery.raw(`explain query plan ${text}`, params)))
          .rows as { detail: string }[];
        const details = plan.map((r) => r.detail).filter((d) => /^(SCAN|SEARCH)/.test(d));
        expect(details.length).toBeGreaterThan(0);
        for (const d of details)
          expect(d).toMatch(
            /^SEARCH \S+ USING INDEX (punches_one_open_shift \(employee_ref=\?\)|punches_employee_time_out \(employee_ref=\? AND time_out>\?( AND time_out<\?)?\))$/,
          );
      }
    },
  );
});

describe("the group's clock-out statement (PostgreSQL)", () => {
  type PlanNode = { Alias?: string; 'Index Cond'?: string; Plans?: PlanNode[] };
  const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

  it.runIf(dialect === 'postgres')(
    'finds the shifts it closes by employee, not by reading every open shift of the database',
    async () => {
      const owner = await createAccount(t);
      const dep = await createDepartment(t, owner, { dp_name: 'Floor' });
      const refs: number[] = [];
      for (let i = 0; i < 12; i++) {
        const { id } = await createEmployee(t, owner, { department_id: dep.id });
        await insertPunch(t, owner.accountId, id, { time_in: iso(Date.now() - HOUR) });
        refs.push(id);
      }
      const at = iso(Date.now());
      const closes = refs.slice(0, 3).map((employee_ref, i) => ({
        account_id: owner.accountId,
        employee_ref,
        time_out: at,
        clock_out_client_id: `out-${i}`,
        device_time_out: null,
        received_out_at: at,
        station_out_id: null,
        latitude_out: null,
        longitude_out: null,
        accuracy_out: null,
        updated_at: at,
      }));
      const statement = closeShiftsStatement(closes);
      // The test's tables are small enough for a sequential scan to be cheapest; with it off, the plan shows
      // whether the statement can search the shifts it closes by employee (the old one read the whole index).
      const plan = await t.db.transaction().execute(async (trx) => {
        await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
        return (
          await trx.executeQuery<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
            CompiledQuery.raw(`explain (format json) ${statement.sql}`, [...statement.parameters]),
          )
        ).rows[0]['QUERY PLAN'][0].Plan;
      });
      const searched = nodes(plan)
        .filter((n) => n.Alias === 'p')
        .flatMap(nodes)
        .some((n) => n['Index Cond']?.includes('employee_ref'));
      expect(searched, JSON.stringify(plan)).toBe(true);
      // And it closes exactly those three.
      const closed = (await t.db.executeQuery<{ employee_ref: number }>(statement)).rows;
      expect(closed.map((r) => r.employee_ref).sort()).toEqual(refs.slice(0, 3).sort());
    },
  );
});
