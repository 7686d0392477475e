import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { statementObserver } from '../src/db/database';
import { groupCommitUnitOfWork, laneCount } from '../src/db/unit-of-work';
import { punchRepositories } from '../src/modules/punches/punch-store';
import { closeShiftsStatement } from '../src/modules/punches/punch-bulk';
import { punchesRepository } from '../src/modules/punches/punches.repository';
import { createAccount, createDepartment, createEmployee } from './factories';
import { dialect, useTestApp } from './helper';

/**
 * PostgreSQL: the clock path's multi-row writes keep one statement text whatever their number of rows (their rows go
 * as arrays), so each connection parses and plans each write once instead of once for every group size (issue 11:
 * planning was ~20 % of the database's time under the clock bench). SQLite keeps its VALUES lists.
 */
const t = useTestApp();
const iso = (ms: number) => new Date(ms).toISOString();

/** The texts of the statements `work` sends that match `re`. */
async function textsOf(re: RegExp, work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  statementObserver.onStatement = (text) => {
    if (re.test(text)) seen.push(text);
  };
  try {
    await work();
  } finally {
    statementObserver.onStatement = undefined;
  }
  return seen;
}

async function employees(n: number) {
  const owner = await createAccount(t);
  const dep = await createDepartment(t, owner, { dp_name: 'Shapes' });
  const refs: number[] = [];
  for (let i = 0; i < n; i++)
    refs.push((await createEmployee(t, owner, { name: `Shape ${i}`, department_id: dep.id })).id);
  return { accountId: owner.accountId, refs };
}

describe.runIf(dialect === 'postgres')('multi-row writes of the clock path (PostgreSQL)', () => {
  it('insert punches with one text for 2 and for 5 rows, each row with its columns and the defaults', async () => {
    const { accountId, refs } = await employees(7);
    const at = Date.now() - 3_600_000;
    const punch = (ref: number, extra: object = {}) => ({
      employee_ref: ref,
      client_id: randomUUID(),
      work_date: iso(at).slice(0, 10),
      time_in: iso(at),
      received_in_at: iso(at),
      source: 'station' as const,
      ...extra,
    });
    // As a sync batch writes them: in its transaction (a failed row rolls back to a savepoint).
    const insertMany = (punches: ReturnType<typeof punch>[]) =>
      t.db.transaction().execute((trx) => punchesRepository(trx).insertMany(accountId, punches));
    const insert = /^insert into "punches"/;
    const two = await textsOf(insert, () => insertMany(refs.slice(0, 2).map((r) => punch(r))));
    const five = await textsOf(insert, () =>
      insertMany(refs.slice(2).map((r) => punch(r, { latitude: 51.5, device_time_in: iso(at) }))),
    );
    expect(two).toHaveLength(1);
    expect(five).toHaveLength(1);
    // Another set of columns is another text; the same set keeps its text whatever the number of rows.
    const fiveAgain = await textsOf(insert, () =>
      insertMany([punch(refs[0], { latitude: 1, device_time_in: iso(at), time_in: iso(at + 1) })]),
    );
    expect(fiveAgain).toEqual(five);
    const rows = await t.db
      .selectFrom('punches')
      .select(['employee_ref', 'type', 'deduction', 'latitude', 'late_sync'])
      .where('account_id', '=', accountId)
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(7);
    // Columns a row leaves out take their DEFAULT (type None, deduction Auto, late_sync 0).
    expect(rows[0]).toEqual({
      employee_ref: refs[0],
      type: 'None',
      deduction: 'Auto',
      latitude: null,
      late_sync: 0,
    });
    expect(rows[6]).toMatchObject({ employee_ref: refs[6], latitude: 51.5, type: 'None' });
  });

  it('close shifts with one text for 1 and for 3 closes', () => {
    const at = iso(Date.now());
    const close = (employee_ref: number) => ({
      account_id: 1,
      employee_ref,
      time_out: at,
      clock_out_client_id: randomUUID(),
      device_time_out: null,
      received_out_at: at,
      station_out_id: null,
      latitude_out: null,
      longitude_out: null,
      accuracy_out: null,
      updated_at: at,
    });
    expect(closeShiftsStatement([close(1)]).sql).toBe(closeShiftsStatement([1, 2, 3].map(close)).sql);
  });

  it("lock a group's employees and read their books with one text each for 2 and for 5 employees", async () => {
    const { accountId, refs } = await employees(7);
    const at = iso(Date.now());
    const prepare = (some: number[]) =>
      t.db
        .transaction()
        .execute((trx) =>
          punchesRepository(trx).prepareClockGroup(
            some.map((employeeRef) => ({ accountId, employeeRef, at })),
          ),
        );
    const groupReads = /for update|^select .* from "punches"/is;
    const two = await textsOf(groupReads, () => prepare(refs.slice(0, 2)));
    const five = await textsOf(groupReads, () => prepare(refs.slice(2)));
    // The lock, then the book read.
    expect(two).toHaveLength(2);
    expect(five).toEqual(two);
  });

  it("write a group's activity rows with one text for 2 and for 3 rows", async () => {
    const { accountId, refs } = await employees(3);
    const inTransaction = groupCommitUnitOfWork(t.db, punchRepositories);
    // Keys of one lane: the units share a group, whose activity rows go as one INSERT before its COMMIT.
    const group = (n: number) =>
      Promise.all(
        refs
          .slice(0, n)
          .map((ref, i) =>
            inTransaction(
              (r) => r.activity.record(accountId, { userId: null, employeeId: ref, action: 'shape.test' }),
              { key: (i + 1) * laneCount() },
            ),
          ),
      );
    const insert = /^insert into "activity_logs"/;
    const two = await textsOf(insert, () => group(2));
    const three = await textsOf(insert, () => group(3));
    expect(two).toHaveLength(1);
    expect(three).toEqual(two);
    const logged = await t.db
      .selectFrom('activity_logs')
      .select(['employee_id'])
      .where('account_id', '=', accountId)
      .where('action', '=', 'shape.test')
      .execute();
    expect(logged.map((l) => l.employee_id).sort()).toEqual([...refs.slice(0, 2), ...refs].sort());
  });
});
