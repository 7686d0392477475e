import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { statementObserver } from '../src/db/database';
import { groupCommitUnitOfWork, laneCount, type UnitOfWork, unitOfWork } from '../src/db/unit-of-work';
import { type PunchRepos, punchRepositories, savePunch } from '../src/modules/punches/punch-store';
import { clockUnit } from '../src/modules/timeclock/clock-group';
import { createAccount, createDepartment, createEmployee, insertPunch } from './factories';
import { dialect, useTestApp } from './helper';

/**
 * Live punches in one group commit (issue 11): on PostgreSQL the group locks their employees and reads their books
 * once (punchesRepository.prepareClockGroup); on either database each punch is judged exactly as it is alone.
 */
const t = useTestApp();
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

type Punch = { ref: number; kind: 'in' | 'out' };

/** The clock service's unit for one live punch: savePunch with the clock's write, and the group's step. */
function livePunch(
  inTransaction: UnitOfWork<PunchRepos>,
  accountId: number,
  p: Punch,
  at: string,
  oneLane = true,
) {
  const actor = { accountId, userId: null };
  return inTransaction(
    (r) =>
      savePunch(r, actor, {
        candidate: {
          kind: p.kind,
          employeeRef: p.ref,
          timeIn: at,
          timeOut: p.kind === 'out' ? at : null,
          type: 'None',
        },
        now: at,
        attendanceOnly: false,
        write: () =>
          p.kind === 'in'
            ? r.punches.insertIfFree(accountId, {
                employee_ref: p.ref,
                client_id: randomUUID(),
                work_date: at.slice(0, 10),
                time_in: at,
                received_in_at: at,
                source: 'station',
              })
            : r.punches.closeShift(accountId, p.ref, {
                time_out: at,
                clock_out_client_id: randomUUID(),
                device_time_out: null,
                received_out_at: at,
                station_out_id: null,
                latitude_out: null,
                longitude_out: null,
                accuracy_out: null,
              }),
        activity: (row) => ({ action: `punch.clock_${p.kind}`, details: { punch_id: row.id } }),
      }),
    // oneLane: keys of one lane (multiples of the lane count), so on PostgreSQL too the punches share a group.
    {
      ...clockUnit({ accountId, employeeRef: p.ref, at, kind: p.kind }),
      ...(oneLane && { key: p.ref * laneCount() }),
    },
  );
}

/**
 * An account whose employees stand where the rules answer differently: nobody in, in since two hours, inside a
 * manual punch running past now, in since an hour (who punches in, then again, in the same group), and in since
 * a day of an approved pay period (whose clock-out would change the period).
 */
async function floor() {
  const owner = await createAccount(t);
  const dep = await createDepartment(t, owner, { dp_name: 'Floor' });
  const now = Date.now();
  const refs: number[] = [];
  for (const name of ['Ann Out', 'Ben In', 'Cy Manual', 'Di Twice', 'Eve Locked'])
    refs.push((await createEmployee(t, owner, { name, department_id: dep.id })).id);
  const [, ben, cy, , eve] = refs;
  // History the book must not need: yesterday's shift of each.
  for (const ref of refs)
    await insertPunch(t, owner.accountId, ref, {
      time_in: iso(now - 30 * HOUR),
      time_out: iso(now - 22 * HOUR),
    });
  await insertPunch(t, owner.accountId, ben, { time_in: iso(now - 2 * HOUR) });
  await insertPunch(t, owner.accountId, cy, { time_in: iso(now - HOUR), time_out: iso(now + HOUR) });
  // Eve's shift began four days ago, on the last day of an approved period (a day each side of it in UTC).
  const eveIn = iso(now - 96 * HOUR);
  await insertPunch(t, owner.accountId, eve, { time_in: eveIn });
  await t.db
    .insertInto('pay_periods')
    .values({
      account_id: owner.accountId,
      start_date: iso(now - 110 * HOUR).slice(0, 10),
      end_date: iso(now - 72 * HOUR).slice(0, 10),
      status: 'approved',
      approved_by: owner.userId,
      approved_at: iso(now),
      checksum: 'x',
    })
    .execute();
  return { accountId: owner.accountId, refs };
}

/** What each punch of the day answers: written, or the refusal's code. */
const outcome = (r: Awaited<ReturnType<typeof savePunch>>) =>
  r.ok ? 'written' : r.refusal ? r.refusal.code : 'unwritten';

async function punchDay(inTransaction: UnitOfWork<PunchRepos>, grouped: boolean) {
  const { accountId, refs } = await floor();
  const [ann, ben, cy, di, eve] = refs;
  const day: Punch[] = [
    { ref: ann, kind: 'in' },
    { ref: ben, kind: 'out' },
    { ref: cy, kind: 'in' },
    { ref: di, kind: 'in' },
    { ref: di, kind: 'in' },
    { ref: eve, kind: 'out' },
  ];
  const at = iso(Date.now());
  const statements: string[] = [];
  statementObserver.onStatement = (s) => statements.push(s);
  try {
    // Started together: a group commit takes them as one group, in this order; alone, one after another.
    const results = grouped
      ? await Promise.all(day.map((p) => livePunch(inTransaction, accountId, p, at)))
      : [];
    if (!grouped) for (const p of day) results.push(await livePunch(inTransaction, accountId, p, at));
    return { outcomes: results.map(outcome), statements, accountId };
  } finally {
    statementObserver.onStatement = undefined;
  }
}

describe('live punches in one group commit', () => {
  it('lock their employees, read their books and write once, and each is judged as it is alone', async () => {
    const alone = await punchDay(unitOfWork(t.db, punchRepositories), false);
    const grouped = await punchDay(groupCommitUnitOfWork(t.db, punchRepositories), true);
    // Ann in, Ben out; Cy is inside a manual punch; Di in, then Di in again while in; Eve's shift is in an
    // approved period.
    expect(alone.outcomes).toEqual([
      'written',
      'written',
      'punch.overlap',
      'written',
      'punch.shift_open',
      'period.locked',
    ]);
    expect(grouped.outcomes).toEqual(alone.outcomes);

    const count = (re: RegExp, of: string[] = grouped.statements) => of.filter((s) => re.test(s)).length;
    // PostgreSQL: a group holds one punch an employee, so Di's second punch runs after the group of the other
    // five: one lock statement for the five, and Di's own (SQLite has one writer and takes none).
    expect(count(/for update/i)).toBe(dialect === 'postgres' ? 2 : 0);
    // PostgreSQL: one read of the five's books, and Di's own for her second punch. SQLite reads each punch's own
    // book (cheaper there than building the group's read).
    expect(count(/^select .* from "punches"/is)).toBe(dialect === 'postgres' ? 2 : 6);
    // The approved periods the clock-outs (Ben, Eve) could lie in, and their open breaks: read once for the group.
    // Alone each clock-out asks its own. SQLite reads no books for the group, so its periods cover shifts begun up
    // to a day before: Eve's four-day shift asks again.
    const periodReads = /^select .* from "pay_periods"/is;
    const breakReads = /^select .* from "open_breaks"/is;
    expect(count(periodReads, alone.statements)).toBe(2);
    expect(count(periodReads)).toBe(dialect === 'postgres' ? 1 : 2);
    expect(count(breakReads)).toBe(1);
    // PostgreSQL: the group's clock-ins (Ann, Di) in one INSERT, its clock-out (Ben) in one UPDATE.
    const writes = (re: RegExp) => grouped.statements.filter((s) => re.test(s)).length;
    expect(writes(/^insert into "punches"/)).toBe(dialect === 'postgres' ? 1 : 2);
    expect(writes(/^update "punches"/)).toBe(1);
    expect(count(/^select .* from "punches"/is, alone.statements)).toBe(6);

    // What was written: the same rows in both accounts.
    const rows = async (accountId: number) =>
      (
        await t.db
          .selectFrom('punches')
          .select(['employee_ref', 'time_out'])
          .where('account_id', '=', accountId)
          .where('time_in', '>', iso(Date.now() - 3 * HOUR))
          .where('source', '=', 'station')
          .execute()
      ).length;
    expect(await rows(grouped.accountId)).toBe(await rows(alone.accountId));
  });

  it("keep each employee's punches in their order when many arrive at once, each row written once", async () => {
    const owner = await createAccount(t);
    const dep = await createDepartment(t, owner, { dp_name: 'Rush' });
    const refs: number[] = [];
    for (let i = 0; i < 12; i++)
      refs.push((await createEmployee(t, owner, { name: `Rush ${i}`, department_id: dep.id })).id);
    const inTransaction = groupCommitUnitOfWork(t.db, punchRepositories);
    // Each employee: in, out, in, out, all asked in one turn (their own keys: several lanes on PostgreSQL).
    const start = Date.now() - 4 * HOUR;
    const asked = [0, 1, 2, 3].flatMap((step) =>
      refs.map((ref) => ({ ref, kind: step % 2 ? ('out' as const) : ('in' as const), step })),
    );
    const statements: string[] = [];
    statementObserver.onStatement = (text) => statements.push(text);
    const results = await Promise.all(
      asked.map(({ ref, kind, step }) =>
        livePunch(inTransaction, owner.accountId, { ref, kind }, iso(start + step * HOUR), false),
      ),
    );
    statementObserver.onStatement = undefined;
    expect(results.map(outcome)).toEqual(asked.map(() => 'written'));
    // PostgreSQL: the punches of a group (one an employee) in one INSERT or UPDATE: fewer than one a punch.
    const writes = statements.filter((text) => /^(insert into|update) "punches"/.test(text)).length;
    if (dialect === 'postgres') expect(writes).toBeLessThan(asked.length);
    else expect(writes).toBe(asked.length);
    // Every answer is its own employee's row, and each employee has two whole shifts, hour to hour.
    results.forEach((r, i) => expect(r.ok && r.row.employee_ref).toBe(asked[i].ref));
    const rows = await t.db
      .selectFrom('punches')
      .select(['employee_ref', 'time_in', 'time_out'])
      .where('account_id', '=', owner.accountId)
      .orderBy('employee_ref')
      .orderBy('time_in')
      .execute();
    expect(rows).toEqual(
      refs.flatMap((ref) => [
        { employee_ref: ref, time_in: iso(start), time_out: iso(start + HOUR) },
        { employee_ref: ref, time_in: iso(start + 2 * HOUR), time_out: iso(start + 3 * HOUR) },
      ]),
    );
    const logged = await t.db
      .selectFrom('activity_logs')
      .select('id')
      .where('account_id', '=', owner.accountId)
      .where('action', 'like', 'punch.clock_%')
      .execute();
    expect(logged).toHaveLength(asked.length);
  });
});
